import type { z } from 'zod';

/** Field name → message, plus `form` for problems that belong to no single field. */
export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed zod parse, for showing beside each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
