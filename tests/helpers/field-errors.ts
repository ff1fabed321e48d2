import type { z } from 'zod';
import { fieldErrorLists } from '@/contract/field-errors';

/** The first message of each field of a zod error (field → message, as the forms show them), for schema tests. */
export function fieldErrorsOf(error: z.ZodError, rootKey = 'form'): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrorLists(error, rootKey)).map(([key, messages]) => [key, messages[0]]));
}
