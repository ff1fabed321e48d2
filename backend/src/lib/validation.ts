import { z } from 'zod';
import { validationError } from './errors';
import { fieldErrorLists } from '../../../contract/field-errors';
import { safeParseWire } from '../../../contract/fields';

/** Parses input with a schema; on failure throws the contract's 422 with Romanian messages. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = safeParseWire(schema, input ?? {});
  if (!result.success) throw validationError(fieldErrorLists(result.error, 'body'));
  return result.data;
}

export const idParam = z.object({
  id: z.coerce.number({ error: 'Identificatorul nu este valid.' }).int().positive(),
});
