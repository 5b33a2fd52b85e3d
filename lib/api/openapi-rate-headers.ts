// The headers every answer to a key carries, errors included (lib/api/rate-limit-headers.ts,
// lib/api/credits-remaining.ts), as OpenAPI components referred to from each response. A 401 has
// no key and no account, so none of them; nor has a 429 too_many_failed_authentications (no valid
// key), hence none is marked required.

type JsonSchema = Record<string, unknown>;

const DRAFT = 'draft-ietf-httpapi-ratelimit-headers-11';

const integer = (description: string): JsonSchema => ({ description, schema: { type: 'integer', minimum: 0 } });

/** components.headers */
export const ANSWER_HEADERS: Record<string, JsonSchema> = {
  'RateLimit-Policy': {
    description: `The key's rate limit (${DRAFT}): \`"default";q=<requests>;w=1\`, q requests per 1-second window. Past them a burst reserve of another q requests per 10 s still serves calls; it has no field of its own. On every answer to a key, errors included`,
    schema: { type: 'string' },
    example: '"default";q=100;w=1',
  },
  RateLimit: {
    description: `Where the key stands (${DRAFT}): \`"default";r=<remaining>;t=<seconds>\`, requests left in the current second (X-RateLimit-Remaining) and seconds until that second ends, rounded up (1; on a 429 the Retry-After)`,
    schema: { type: 'string' },
    example: '"default";r=42;t=1',
  },
  'X-RateLimit-Limit': integer("Legacy, kept for compatibility (RateLimit-Policy's q): the key's requests per second"),
  'X-RateLimit-Remaining': integer("Legacy, kept for compatibility (RateLimit's r): requests left in the current second"),
  'X-RateLimit-Reset': integer('Legacy, kept for compatibility: when the current second ends, in Unix seconds rounded up'),
  'Perch-Credits-Remaining': integer(
    "The workspace's credits remaining: meta.credits_remaining on a success; on an error the balance as the answering server sees it. On every answer to a key or dashboard session, errors included",
  ),
};

const REFS: Record<string, JsonSchema> = Object.fromEntries(Object.keys(ANSWER_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Adds the headers to each of an operation's responses but the 401 (its own headers kept). */
export function addAnswerHeaders(responses: Record<string, unknown>): void {
  for (const [status, response] of Object.entries(responses) as Array<[string, { headers?: Record<string, unknown> }]>) {
    if (status === '401') continue;
    response.headers = { ...response.headers, ...REFS };
  }
}
