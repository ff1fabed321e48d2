import type { z } from 'zod';

/** Field path → first message of a failed parse (dotted paths, as the form layer and the backend's 422 use). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
