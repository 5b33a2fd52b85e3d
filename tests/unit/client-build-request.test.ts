import { describe, expect, it } from 'vitest';
import { buildRequest, fillPath } from '@/packages/client/src/build-request';
import type { ClientConfig } from '@/packages/client/src/build-request';
import { ROUTES } from '@/packages/client/src/routes';
import type { OperationId } from '@/packages/client/src/routes';

const config: ClientConfig = { baseUrl: 'http://api.test', apiKey: 'perch_k', headers: {}, credentials: undefined };
const route = (id: OperationId) => ROUTES.find((candidate) => candidate.id === id)!;

describe('buildRequest', () => {
  it('puts a GET operation’s input in the query string, skipping undefined, and encodes the path value', () => {
    const built = buildRequest(config, route('getUserTweets'), ['@Jack/x'], { count: 5, sort: 'popular', cursor: undefined }, {});
    expect(built.url).toBe('http://api.test/v2/users/%40Jack%2Fx/tweets?count=5&sort=popular');
    expect(built.init.method).toBe('GET');
    expect(built.init.body).toBeUndefined();
    expect(built.init.headers.get('authorization')).toBe('Bearer perch_k');
    expect(built.init.headers.has('idempotency-key')).toBe(false);
    expect(built.idempotent).toBe(true);
  });

  it('sends a POST operation’s input as JSON; read POSTs are idempotent without a key', () => {
    const built = buildRequest(config, route('searchTweets'), [], { query: 'a b', include_replies: false }, {});
    expect(built.url).toBe('http://api.test/v2/search');
    expect(JSON.parse(built.init.body as string)).toEqual({ query: 'a b', include_replies: false });
    expect(built.init.headers.get('content-type')).toBe('application/json');
    expect(built.init.headers.has('idempotency-key')).toBe(false);
    expect(built.idempotent).toBe(true);
  });

  it('gives every write a fresh Idempotency-Key unless told otherwise', () => {
    const first = buildRequest(config, route('createTweet'), [], { text: 'hi' }, {});
    const second = buildRequest(config, route('createTweet'), [], { text: 'hi' }, {});
    expect(first.init.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(first.init.headers.get('idempotency-key')).not.toBe(second.init.headers.get('idempotency-key'));
    expect(first.idempotent).toBe(true);
    const own = buildRequest(config, route('likeTweet'), ['12'], undefined, { idempotencyKey: 'mine' });
    expect(own.init.headers.get('idempotency-key')).toBe('mine');
    expect(own.init.body).toBeUndefined();
    expect(own.url).toBe('http://api.test/v2/tweets/12/like');
    const none = buildRequest(config, route('deleteTweet'), ['12'], { max_credits: 100 }, { idempotencyKey: null });
    expect(none.init.headers.has('idempotency-key')).toBe(false);
    expect(none.idempotent).toBe(false);
    expect(none.url).toBe('http://api.test/v2/tweets/12?max_credits=100');
  });

  it('lets client and per-call headers override the defaults, case-insensitively', () => {
    const built = buildRequest({ ...config, apiKey: null, headers: { Authorization: 'Session s', 'X-Trace': 'a' } }, route('getAccount'), [], undefined, {
      headers: { 'x-trace': 'b', 'Idempotency-Key': 'ignored-for-reads-by-the-server' },
    });
    expect(built.init.headers.get('authorization')).toBe('Session s');
    expect(built.init.headers.get('x-trace')).toBe('b');
  });

  it('fills every placeholder', () => {
    for (const candidate of ROUTES) expect(fillPath(candidate, ['1']), candidate.id).not.toMatch(/[{}]/);
  });
});
