import type { z } from 'zod';

/**
 * The mapping from a zod error to the backend's 422 field errors: dotted field paths (`vehicle.make`,
 * `travellers.1.birth_date`), the paths where the forms' zod resolver (lib/forms/use-schema-form.ts) puts a local
 * message, so a server error lands on the same field as a local one. Only zod's types are imported here.
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
