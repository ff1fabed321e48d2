import type { z } from 'zod';

/**
 * The one mapping from a zod error to field errors, for the forms and the reference backend's 422 (dotted field
 * paths, so a server error lands on the same field as a local one). Only zod's types are imported here: a form can
 * show errors and map a server 422 without loading zod, which comes with the schema when the form is submitted.
 */

/** Field → first message, the shape every form renders. */
export type FieldErrorMap = Record<string, string>;

/** Field → its messages (each once), the shape of the backend's 422 `errors`. */
export type FieldErrorLists = Record<string, string[]>;

/** Every message of a zod error by dotted field path; an issue about the whole value goes under `rootKey`. */
export function fieldErrorLists(error: z.ZodError, rootKey: string): FieldErrorLists {
  const fields: FieldErrorLists = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : rootKey;
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** The first message of each field of a zod error. */
export function fieldErrorsOf(error: z.ZodError, rootKey = 'form'): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const [key, messages] of Object.entries(fieldErrorLists(error, rootKey))) out[key] = messages[0];
  return out;
}

/**
 * Validates form values: `{ success: true, data }` or `{ success: false, errors }` with one message per field.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; errors: FieldErrorMap } {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: fieldErrorsOf(result.error) };
}

/**
 * A server 422's field errors (field → list of messages) as one message per field, keeping only the fields
 * the form knows (others fall into `form`), so they show next to the matching inputs.
 */
export function serverFieldErrors(
  fieldErrors: Record<string, string[] | string> | null | undefined,
  knownFields: readonly string[],
): FieldErrorMap {
  const out: FieldErrorMap = {};
  if (!fieldErrors) return out;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (!message) continue;
    const key = knownFields.includes(field) ? field : 'form';
    if (!(key in out)) out[key] = message;
  }
  return out;
}
