import { describe, expect, it } from 'vitest';
import { planCharge } from '@/lib/api/charge';
import type { Operation } from '@/lib/api/define-operation';
import { PriceBook } from '@/lib/prices/price-book';
import { decodeCursor, encodeCursor, parameterFingerprint } from '@/lib/api/cursor';
import { ApiError } from '@/lib/api/errors';
import { tweetReferenceField, usernameField, integerField } from '@/lib/api/inputs';
import { findOperation, OPERATIONS } from '@/lib/api/registry';
import { createRouter } from '@/lib/api/router';

process.env.PERCH_CURSOR_SECRET = 'unit-test-secret';
const route = createRouter(OPERATIONS);
const op = (id: string) => findOperation(id)!;

describe('router', () => {
  it('matches literal segments before parameters', () => {
    expect(route('GET', '/v2/users/check-follow')).toMatchObject({ kind: 'found', operation: { id: 'checkFollow' } });
    expect(route('POST', '/v2/users/batch')).toMatchObject({ kind: 'found', operation: { id: 'getUsersBatch' } });
    expect(route('GET', '/v2/users/jack')).toMatchObject({ kind: 'found', operation: { id: 'getUser' }, params: { username: 'jack' } });
    expect(route('DELETE', '/v2/tweets/123/like')).toMatchObject({ kind: 'found', operation: { id: 'unlikeTweet' }, params: { tweetId: '123' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(route('PUT', '/v2/tweets/123/like')).toEqual({ kind: 'wrong_method', allowed: expect.arrayContaining(['POST', 'DELETE']) });
    expect(route('GET', '/v2/nothing/here')).toEqual({ kind: 'none' });
  });
});

describe('cursors', () => {
  const fingerprint = parameterFingerprint({ username: 'jack', sort: 'latest', count: 20 });

  it('round-trip the keyset position', () => {
    const cursor = encodeCursor('getUserTweets', fingerprint, { k: ['123'] });
    expect(decodeCursor(cursor, 'getUserTweets', fingerprint)).toEqual({ k: ['123'] });
  });

  it('refuse tampering, other operations and other parameters, but not another count', () => {
    const cursor = encodeCursor('getUserTweets', fingerprint, { k: ['123'] });
    const [body, signature] = cursor.split('.');
    const forged = `${Buffer.from(JSON.stringify({ o: 'getUserTweets', f: fingerprint, p: { k: ['999'] } })).toString('base64url')}.${signature}`;
    expect(() => decodeCursor(forged, 'getUserTweets', fingerprint)).toThrow(ApiError);
    expect(() => decodeCursor(`${body}.x${signature.slice(1)}`, 'getUserTweets', fingerprint)).toThrow(/not valid/);
    expect(() => decodeCursor('garbage', 'getUserTweets', fingerprint)).toThrow(/not valid/);
    expect(() => decodeCursor(cursor, 'getUserMedia', fingerprint)).toThrow(/different request/);
    expect(() => decodeCursor(cursor, 'getUserTweets', parameterFingerprint({ username: 'jack', sort: 'popular' }))).toThrow(/different request/);
    expect(parameterFingerprint({ username: 'jack', sort: 'latest', count: 100, max_credits: 5 })).toBe(fingerprint);
  });

  it('keeps the fingerprint of the same parameters across releases, so cursors handed out before an upgrade still page', () => {
    // The value the first implementation (a Hash object over the same JSON) gave for these parameters.
    expect(fingerprint).toBe('HjXfCw0LA1HQcPnh');
  });
});

/** The seed's price of an operation: what an empty price book answers. */
const seed = (operation: Operation) => new PriceBook().priceOf(operation, 'local', null);

describe('charge planning', () => {
  const inputs = (values: Record<string, unknown>) => ({ params: {}, query: values, body: values });

  it('holds count × unit for paged operations, 20 by default', () => {
    expect(planCharge(op('getUserTweets'), inputs({}), seed(op('getUserTweets')))).toEqual({ limit: 20, hold: 300 });
    expect(planCharge(op('getUserFollowerIds'), inputs({ count: 5000 }), seed(op('getUserFollowerIds')))).toEqual({ limit: 5000, hold: 5000 });
  });

  it('lowers count to what max_credits pays for, and refuses when that is nothing', () => {
    expect(planCharge(op('searchTweets'), inputs({ count: 100, max_credits: 100 }), seed(op('searchTweets')))).toEqual({ limit: 6, hold: 90 });
    expect(() => planCharge(op('searchTweets'), inputs({ max_credits: 14 }), seed(op('searchTweets')))).toThrow(/max_credits 14 is below the 15/);
    expect(() => planCharge(op('likeTweet'), inputs({ max_credits: 99 }), seed(op('likeTweet')))).toThrow(ApiError);
  });

  it('holds the fixed price of per-call operations and the requested ids of batches', () => {
    expect(planCharge(op('getTrending'), inputs({ count: 50 }), seed(op('getTrending')))).toEqual({ limit: 1, hold: 100 });
    expect(planCharge(op('getUsersBatch'), inputs({ usernames: ['a', 'B', 'b'] }), seed(op('getUsersBatch')))).toEqual({ limit: 2, hold: 36 });
    expect(planCharge(op('getAccount'), inputs({}), seed(op('getAccount')))).toEqual({ limit: 1, hold: 0 });
  });

  it("holds at the caller's price and never below its per-call minimum", () => {
    const tweets = op('searchTweets');
    const book = new PriceBook({ prices: [{ platform: 'x', operation: 'searchTweets', unitCredits: 40, minCredits: 100, effectiveFrom: 0 }], overrides: [], costs: [], creditValues: [] });
    const price = book.priceOf(tweets, 'x', null);
    expect(planCharge(tweets, inputs({ count: 10 }), price)).toEqual({ limit: 10, hold: 400 });
    expect(planCharge(tweets, inputs({ count: 1 }), price)).toEqual({ limit: 1, hold: 100 });
    expect(() => planCharge(tweets, inputs({ count: 1, max_credits: 99 }), price)).toThrow(/below the 100 credits/);
    expect(planCharge(tweets, inputs({ count: 10 }), book.priceOf(tweets, 'local', null))).toEqual({ limit: 10, hold: 150 });
  });
});

describe('input fields', () => {
  it('parse query-string integers strictly', () => {
    const count = integerField(1, 1000);
    expect(count.parse('12')).toBe(12);
    expect(count.parse(12)).toBe(12);
    for (const bad of ['', '1e3', '12abc', '0', '1001', 1.5]) expect(count.safeParse(bad).success).toBe(false);
  });

  it('drop a leading @ and accept tweet URLs', () => {
    expect(usernameField.parse('@Jack_1')).toBe('Jack_1');
    expect(usernameField.safeParse('jack-1').success).toBe(false);
    expect(tweetReferenceField.parse('https://x.com/jack/status/20?s=1')).toBe('20');
    expect(tweetReferenceField.parse('1234')).toBe('1234');
    expect(tweetReferenceField.safeParse('https://x.com/jack').success).toBe(false);
  });
});

describe('charge planning for body-less POSTs', () => {
  it('reads max_credits from the query string, where those operations take it', () => {
    const like = findOperation('likeTweet')!;
    expect(() => planCharge(like, { params: {}, query: { max_credits: 99 }, body: {} }, seed(like))).toThrow(/max_credits 99 is below the 100/);
    expect(planCharge(like, { params: {}, query: { max_credits: 100 }, body: {} }, seed(like))).toEqual({ limit: 1, hold: 100 });
  });
});
