import type { z } from 'zod';

/**
 * The one mapping from a zod error to field errors, for the forms (lib/forms/use-schema-form.ts) and the reference
 * backend's 422 (dotted field paths, so a server error lands on the same field as a local one). Only zod's types
 * are imported here: a form can show errors without loading zod, which comes with the schema when it is validated.
 */

/** Field → its messages (each once), the shape of the backend's 422 `errors`. */
type FieldErrorLists = Record<string, string[]>;

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

/** The first message of each field of a zod error (field → message, the shape every form renders). */
export function fieldErrorsOf(error: z.ZodError, rootKey = 'form'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrorLists(error, rootKey))) out[key] = messages[0];
  return out;
}
