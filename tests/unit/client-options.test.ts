import { afterEach, describe, expect, it } from 'vitest';
import { Perch, PerchError, ROUTES } from '@perch/client';

// Construction and argument checks, which fail before any request: nothing here reaches a
// server. What the requests look like on the wire is tested against the real server in
// tests/integration/client.test.ts.

const savedKey = process.env.PERCH_API_KEY;

afterEach(() => {
  if (savedKey === undefined) delete process.env.PERCH_API_KEY;
  else process.env.PERCH_API_KEY = savedKey;
});

const noFetch = async (): Promise<Response> => {
  throw new Error('no request was expected');
};

describe('new Perch()', () => {
  it('refuses to start without a key, saying how to give one', () => {
    delete process.env.PERCH_API_KEY;
    for (const apiKey of [undefined, '']) {
      const attempt = () => new Perch({ apiKey });
      expect(attempt).toThrow(PerchError);
      expect(attempt).toThrow(/PERCH_API_KEY/);
      try {
        attempt();
      } catch (error) {
        expect(error).toMatchObject({ code: 'missing_api_key', status: null });
      }
    }
  });

  it('checks maxRetries and timeoutMs', () => {
    expect(() => new Perch({ apiKey: 'k', maxRetries: -1 })).toThrow(RangeError);
    expect(() => new Perch({ apiKey: 'k', maxRetries: 1.5 })).toThrow(RangeError);
    expect(() => new Perch({ apiKey: 'k', timeoutMs: 0 })).toThrow(RangeError);
    expect(() => new Perch({ apiKey: 'k', maxRetries: 0, timeoutMs: 1 })).not.toThrow();
  });

  it('has one method per operation and a paginator per paged operation', () => {
    const perch = new Perch({ apiKey: 'k', fetch: noFetch }) as unknown as Record<string, unknown> & { paginate: Record<string, unknown> };
    for (const route of ROUTES) expect(typeof perch[route.id], route.id).toBe('function');
    expect(Object.keys(perch.paginate).sort()).toEqual(ROUTES.filter((route) => route.paged).map((route) => route.id).sort());
  });

  it('rejects (does not throw) on a missing path value or a non-object input', async () => {
    const perch = new Perch({ apiKey: 'k', fetch: noFetch }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const call = perch.getUser();
    await expect(call).rejects.toThrow(/getUser: username must be a non-empty string/);
    await expect(perch.getTweet(1234)).rejects.toThrow(TypeError);
    await expect(perch.searchTweets('jack')).rejects.toThrow(/searchTweets: its body input must be an object/);
  });
});
