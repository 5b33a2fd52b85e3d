import { z } from 'zod';

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

export const USERNAME_PATTERN = /^@?[A-Za-z0-9_]{1,15}$/;
export const ID_PATTERN = /^[0-9]{1,19}$/;

/** A username path or query value: a leading @ is dropped. */
export const usernameField = z
  .string()
  .regex(USERNAME_PATTERN, 'must be 1 to 15 letters, digits or underscores, optionally after @')
  .transform((value) => value.replace(/^@/, ''));

/**
 * A username path parameter in lower case: lookups ignore case anyway, and a cursor bound to
 * the canonical form stays valid whichever spelling the next page's request uses.
 */
export const usernamePathField = usernameField.transform((value) => value.toLowerCase());

/** A numeric id (tweet, list, community) as a string. */
export const idField = z.string().regex(ID_PATTERN, 'must be a numeric id of 1 to 19 digits');

/** A tweet id, or a tweet URL ending in /status/<id>, as the id. */
export const tweetReferenceField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (ID_PATTERN.test(value)) return value;
    const match = /^https?:\/\/[^\s/]+\/(?:[A-Za-z0-9_]{1,15}|i\/web)\/status(?:es)?\/([0-9]{1,19})(?:[/?#].*)?$/.exec(value);
    if (match) return match[1];
    ctx.addIssue({ code: 'custom', message: 'must be a tweet id or a tweet URL (…/status/<id>)' });
    return z.NEVER;
  })
  .describe('A tweet id, or a tweet URL ending in /status/<id>');

/**
 * A search query: 1 to 512 characters. PostgreSQL text cannot hold NUL, so a query with one
 * would fail inside the database: it is refused here as the 400 it is.
 */
export const searchQueryField = z
  .string()
  .min(1)
  .max(512)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

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
