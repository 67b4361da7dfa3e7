/**
 * zod validation for request bodies and query strings: failures become a `ValidationError`
 * (400) whose `errors` hold the first message of each field and whose message is the first of
 * them, so the client can show the spec's wording (provider-side section 5) directly.
 */
import type * as z from 'zod';
import { ValidationError, type FieldError } from './errors';

/** One `{ field, message }` per field (first issue wins), in issue order. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** Parse `input` with `schema`; throws `ValidationError` with the spec's messages on failure. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}
