import { z } from 'zod';
import { LOCAL_ID_PATTERN, LOCAL_SYNTAX, LOCAL_TWEET_REFERENCE_PATTERN, LOCAL_USERNAME_PATTERN, type PlatformSyntax } from '@/lib/platform/syntax';

// Shared input fields. Query strings arrive as text, so numeric and boolean query fields
// parse text strictly ("12" yes; "", "1e3", "12abc" no) before their range checks.

const integerText = z
  .string()
  .regex(/^-?[0-9]{1,16}$/, 'must be a whole number')
  .transform(Number);

/** A whole number within [min, max], from JSON or from a query string. */
export function integerField(min: number, max: number) {
  return z.union([z.number(), integerText]).pipe(z.number().int('must be a whole number').min(min).max(max));
}

/** A boolean, from JSON or from a query string ("true"/"false"). */
export const booleanField = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const USERNAME_PATTERN = LOCAL_USERNAME_PATTERN;
export const ID_PATTERN = LOCAL_ID_PATTERN;

// The username, id and tweet-reference fields follow the syntax of the platform serving the
// request (lib/platform/syntax.ts). Operations declare them with the embedded platform's syntax
// below, which is also what the OpenAPI document shows; `inputsForSyntax` (platform-inputs.ts)
// swaps in another platform's fields, found through the kinds recorded here.

export type SyntaxFieldKind = 'username' | 'usernamePath' | 'id' | 'tweetReference';
const FIELD_KINDS = new WeakMap<z.ZodType, SyntaxFieldKind>();

/** The syntax-dependent kind a field was declared as, if any. */
export function syntaxFieldKind(field: z.ZodType): SyntaxFieldKind | undefined {
  return FIELD_KINDS.get(field);
}

function kind<T extends z.ZodType>(field: T, fieldKind: SyntaxFieldKind): T {
  FIELD_KINDS.set(field, fieldKind);
  return field;
}

/** A username path or query value of this syntax, normalised (a leading @ dropped). */
export function usernameFieldOf(syntax: PlatformSyntax) {
  return z.string().regex(syntax.username.pattern, syntax.username.message).transform(syntax.username.normalize);
}

/** An id path value of this syntax. */
export function idFieldOf(syntax: PlatformSyntax) {
  const field = z.string().regex(syntax.id.pattern, syntax.id.message);
  return syntax === LOCAL_SYNTAX ? field : field.transform(syntax.id.normalize);
}

/** A tweet id or web URL of this syntax, as the id. */
export function tweetReferenceFieldOf(syntax: PlatformSyntax) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      const id = syntax.tweetReference(value);
      if (id !== null) return id;
      ctx.addIssue({ code: 'custom', message: syntax.tweetReferenceMessage });
      return z.NEVER;
    });
}

/** A username path or query value: a leading @ is dropped. */
export const usernameField = kind(usernameFieldOf(LOCAL_SYNTAX), 'username');

/**
 * A username path parameter in lower case: lookups ignore case anyway, and a cursor bound to
 * the canonical form stays valid whichever spelling the next page's request uses.
 */
export const usernamePathField = kind(
  usernameField.transform((value) => value.toLowerCase()),
  'usernamePath',
);

/** A numeric id (tweet, list, community) as a string. */
export const idField = kind(idFieldOf(LOCAL_SYNTAX), 'id');

/** Perch's own numeric id (a rule, a webhook endpoint): the same on every platform, so not adapted to the platform's syntax as `idField` is. */
export const perchIdField = idFieldOf(LOCAL_SYNTAX);

/** A tweet id, or a tweet URL ending in /status/<id>, as the id. */
export const tweetReferenceField = kind(
  tweetReferenceFieldOf(LOCAL_SYNTAX).describe('A tweet id, or a tweet URL ending in /status/<id>').meta({ pattern: LOCAL_TWEET_REFERENCE_PATTERN.source }),
  'tweetReference',
);

/**
 * A search query: 1 to 512 characters. PostgreSQL text cannot hold NUL, so a query with one
 * would fail inside the database: it is refused here as the 400 it is.
 */
export const searchQueryField = z
  .string()
  .min(1)
  .max(512)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
  // A blank query has nothing to search for (a 400 from the search): the document says so.
  .meta({ pattern: '\\S' });

export const tweetSortField = z.enum(['latest', 'popular', 'engagement']);
export const userSortField = z.enum(['default', 'followers', 'name']);

/** count, cursor and max_credits of a list operation. */
export function pageFields(maxCount = 1000) {
  return {
    count: integerField(1, maxCount).optional(),
    cursor: z.string().min(1).max(2048).optional(),
    max_credits: integerField(1, Number.MAX_SAFE_INTEGER).optional(),
  };
}

/** max_credits alone, for operations that are not paged. */
export const maxCreditsField = { max_credits: integerField(1, Number.MAX_SAFE_INTEGER).optional() };
