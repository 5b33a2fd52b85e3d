import fc from 'fast-check';
import { CONTRACT_OPERATIONS } from './api-operations';

// Arbitraries for throwing random requests at /v2: real path templates with hostile segments,
// query strings and bodies of every shape, seeded with real ids so that some requests get
// past validation into the handlers and the platform.

export type FuzzSeeds = { usernames: string[]; tweetIds: string[]; listIds: string[]; communityIds: string[] };

export type FuzzRequest = {
  method: string;
  path: string;
  query: Array<[string, string]>;
  body: string | undefined;
  headers: Record<string, string>;
};

const QUERY_KEYS = [
  'count', 'cursor', 'sort', 'max_credits', 'country', 'source', 'target', 'username', 'query', 'lang', 'min_likes',
  'include_replies', 'include_retweets', 'cuont', '', '__proto__', 'constructor', 'toString',
];
const BODY_KEYS = [
  'query', 'count', 'cursor', 'sort', 'lang', 'min_likes', 'min_retweets', 'include_replies', 'include_retweets', 'max_credits',
  'usernames', 'ids', 'text', 'tweet_id', 'quoted_tweet_id', 'cuont', '__proto__', 'constructor',
];

/** Strings meant to break parsers, SQL and encodings. */
export const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '🦜', 'é', '%', '%00', '%ZZ', '%E2%82', '../..', '/', '?', '#', '\\', "'", '"', "'; DROP TABLE users; --",
  'null', 'undefined', 'NaN', 'Infinity', '-0', '1e400', '1e3', '0x10', '12abc', ' 12', '12 ', '+12', '-1', '0', '1.5',
  '9'.repeat(19), '9'.repeat(30), '9223372036854775807', '9223372036854775808', '18446744073709551616', 'from:', '#', '@', 'lang:', 'since:2026-02-30',
  '"unclosed', '-', 'OR', '(', ')', '*', ':', '&', '|', '!', '<->', 'x'.repeat(600), '\n', '\t', '\r\n', 'latest', 'popular', 'followers', 'name', 'US', 'Worldwide',
  '%_', 'a%', '_', '\\x00', '$1', '{}', '[]', 'true', '\u202e', '\u200b', '\ufeff', 'ﬀ', 'İ', 'ß', '𝕏', '\u0301',
];
const nasty = fc.constantFrom(...NASTY_STRINGS);

const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));

const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: 0, max: 6000 }),
  fc.double(),
  fc.constantFrom(0, -0, 1, 20, 50, 51, 1000, 1001, 5000, 5001, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, 5e-324),
);

/** Percent-encodes like a client would; a lone surrogate (which cannot be encoded) becomes its raw UTF-8 bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function segmentOf(seeds: FuzzSeeds): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...seeds.usernames, ...seeds.tweetIds, ...seeds.listIds, ...seeds.communityIds), weight: 4 },
    { arbitrary: fc.constantFrom('check-follow', 'batch', 'create', 'like', 'retweet', 'follow', 'tweets', 'users', 'openapi.json', '@jack', '%40jack'), weight: 1 },
    { arbitrary: nasty.map(encode), weight: 2 },
    { arbitrary: nasty, weight: 1 },
    { arbitrary: fc.stringMatching(/^[0-9]{1,25}$/), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encode), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
    { arbitrary: fc.string({ minLength: 1000, maxLength: 5000, unit: 'grapheme-ascii' }), weight: 1 },
  );
}

function pathOf(seeds: FuzzSeeds): fc.Arbitrary<string> {
  const segment = segmentOf(seeds);
  const template = fc
    .tuple(fc.constantFrom(...CONTRACT_OPERATIONS.map((o) => o.path)), segment)
    .map(([path, value]) => path.replace(/\{\w+\}/, value));
  const randomPath = fc.array(segment, { maxLength: 5 }).map((segments) => `/v2/${segments.join('/')}`);
  return fc.oneof({ arbitrary: template, weight: 6 }, { arbitrary: randomPath, weight: 2 }, { arbitrary: fc.string({ maxLength: 60 }).map((s) => `/${s}`), weight: 1 });
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 5 }),
  fc.array(fc.oneof(text, number), { maxLength: 120 }),
  fc.jsonValue({ maxDepth: 4 }),
);

const queryOf = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), text), fc.oneof(text, number.map(String))), { maxLength: 5 });

const bodyOf: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.oneof(fc.constantFrom(...BODY_KEYS), text), anyValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc.oneof(text, fc.constantFrom('{', '{"count": 1e400}', '{"count": -0}', '{"query": "a", "count": 1e2}', '{"a":1,"a":2}', '\ufeff{}', '{"query":"\\u0000"}')),
  fc.object({ maxDepth: 8, maxKeys: 4 }).map((o) => JSON.stringify(o)),
);

const headersOf = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''),
    'idempotency-key': fc.oneof(fc.stringMatching(/^[!-~]{1,40}$/), fc.constantFrom('', ' ', 'a b', 'x'.repeat(300))),
  },
  { requiredKeys: [] },
);

const PAGE_KEYS = ['count', 'cursor', 'sort', 'max_credits'];

/** The inputs each operation takes (contract section 7), so that targeted requests can be valid. */
export function inputKeys(id: string): string[] {
  switch (id) {
    case 'searchTweets':
      return ['query', ...PAGE_KEYS, 'lang', 'min_likes', 'min_retweets', 'include_replies', 'include_retweets'];
    case 'searchUsers':
      return ['query', ...PAGE_KEYS];
    case 'getUserFollowerIds':
      return ['count', 'cursor', 'max_credits'];
    case 'getTrending':
      return ['country', 'count', 'max_credits'];
    case 'checkFollow':
      return ['source', 'target', 'max_credits'];
    case 'checkRetweet':
    case 'checkLike':
      return ['username', 'max_credits'];
    case 'getUsersBatch':
      return ['usernames', 'max_credits'];
    case 'getTweetsBatch':
      return ['ids', 'max_credits'];
    case 'createTweet':
      return ['text', 'max_credits'];
    case 'replyToTweet':
      return ['tweet_id', 'text', 'max_credits'];
    case 'quoteTweet':
      return ['quoted_tweet_id', 'text', 'max_credits'];
    default:
      return CONTRACT_OPERATIONS.find((o) => o.id === id)?.maxCount ? PAGE_KEYS : ['max_credits'];
  }
}

/** Values that are often valid for some input, mixed with hostile ones. */
function plausibleOf(seeds: FuzzSeeds): fc.Arbitrary<unknown> {
  const valid = fc.constantFrom<unknown>(
    ...seeds.usernames, ...seeds.tweetIds, 5, 20, 100, 1000, '5', '20', 'latest', 'popular', 'engagement', 'default', 'followers', 'name',
    'Japan', 'jp', 'Worldwide', 'en', true, false, 'true', 'hello world', '#tag', 'from:someone', 10_000, '10000',
  );
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: fc.array(fc.constantFrom(...seeds.usernames, ...seeds.tweetIds, 'nobody'), { minLength: 1, maxLength: 4 }), weight: 1 },
    // Hostile text inside otherwise valid requests, where it reaches the handlers.
    { arbitrary: fc.tuple(fc.constantFrom('', 'a ', '#x ', 'from:x '), nasty, fc.constantFrom('', ' b', '"')).map((parts) => parts.join('')), weight: 2 },
    { arbitrary: anyValue, weight: 2 },
  );
}

/** A request aimed at one operation: its method and path, mostly its own inputs. */
function targetedOf(seeds: FuzzSeeds): fc.Arbitrary<FuzzRequest> {
  const plausible = plausibleOf(seeds);
  const realSegment = fc.constantFrom(...seeds.usernames, ...seeds.tweetIds, ...seeds.listIds, ...seeds.communityIds);
  return fc.constantFrom(...CONTRACT_OPERATIONS).chain((operation) => {
    const keys = inputKeys(operation.id);
    const inputs = fc.dictionary(fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 9 }, { arbitrary: fc.constantFrom(...QUERY_KEYS), weight: 1 }), plausible, {
      maxKeys: keys.length,
    });
    return fc.record({
      method: fc.oneof({ arbitrary: fc.constant(operation.method), weight: 9 }, { arbitrary: fc.constantFrom('GET', 'POST', 'DELETE'), weight: 1 }),
      path: fc
        .oneof({ arbitrary: realSegment, weight: 4 }, { arbitrary: segmentOf(seeds), weight: 1 })
        .map((segment) => operation.path.replace(/\{\w+\}/, segment)),
      inputs,
      headers: headersOf,
    });
  }).map(({ method, path, inputs, headers }) => {
    const query = method === 'POST' ? [] : Object.entries(inputs).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
    return { method, path, query, body: method === 'POST' ? JSON.stringify(inputs) : undefined, headers };
  });
}

/** A random request that ignores the contract: any method, path, query, body. */
function wildOf(seeds: FuzzSeeds): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'),
      path: pathOf(seeds),
      query: queryOf,
      body: bodyOf,
      headers: headersOf,
    })
    .map((request) => ({ ...request, body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body }));
}

/** A random request: mostly aimed at a real operation, some wild. */
export function fuzzRequestOf(seeds: FuzzSeeds): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ arbitrary: targetedOf(seeds), weight: 3 }, { arbitrary: wildOf(seeds), weight: 1 });
}
