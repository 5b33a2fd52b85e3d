import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatKeyDisplay, generateApiKey, hashApiKey, isWellFormedKey, keyDisplayParts, keyPrefix } from '@/lib/keys/key-format';
import { parseBearerKey } from '@/lib/keys/parse-authorization';
import { randomBase62 } from '@/lib/keys/random-base62';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

afterEach(() => {
  delete process.env.PERCH_KEY_PREFIX;
});

describe('key format', () => {
  it('is perch_ and 32 base62 characters, different every time', () => {
    const keys = new Set(Array.from({ length: 2_000 }, generateApiKey));
    expect(keys.size).toBe(2_000);
    for (const key of keys) expect(key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
  });

  it('draws every base62 character about equally often', () => {
    const sample = randomBase62(62 * 2_000);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a modulo-biased generator would give the first 8 characters ~2250.
    for (const count of counts.values()) expect(Math.abs(count - 2_000)).toBeLessThan(200);
  });

  it('uses PERCH_KEY_PREFIX when set, and rejects an unusable one', () => {
    process.env.PERCH_KEY_PREFIX = 'acme_';
    const key = generateApiKey();
    expect(key).toMatch(/^acme_[0-9A-Za-z]{32}$/);
    expect(isWellFormedKey(key)).toBe(true);
    expect(isWellFormedKey(`perch_${key.slice(5)}`)).toBe(false);
    process.env.PERCH_KEY_PREFIX = 'bad prefix';
    expect(() => keyPrefix()).toThrow(/PERCH_KEY_PREFIX/);
  });

  it('accepts exactly the syntax of a key', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...BASE62), minLength: 32, maxLength: 32 }), (body) => isWellFormedKey(`perch_${body}`)),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (body) => {
        fc.pre(!/^[0-9A-Za-z]{32}$/.test(body));
        return !isWellFormedKey(`perch_${body}`);
      }),
    );
    expect(isWellFormedKey(`Perch_${'a'.repeat(32)}`)).toBe(false);
    expect(isWellFormedKey(`perch_${'a'.repeat(31)}é`)).toBe(false);
  });

  it('hashes with SHA-256 (hex)', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(crypto.createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('displays the prefix, first 4 and last 4 characters', () => {
    const key = `perch_ab12${'x'.repeat(24)}wxyz`;
    const parts = keyDisplayParts(key);
    expect(parts).toEqual({ keyStart: 'perch_ab12', keyEnd: 'wxyz' });
    expect(formatKeyDisplay(parts)).toBe('perch_ab12…wxyz');
  });
});

describe('Authorization header', () => {
  const key = `perch_${'A1'.repeat(16)}`;

  it('is missing when absent or blank', () => {
    for (const header of [undefined, null, '', '   ']) expect(parseBearerKey(header)).toEqual({ reason: 'missing' });
  });

  it('is malformed unless it is Bearer and a well-formed key', () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', `Bearer ${key} extra`, `Token ${key}`, 'Bearer perch_short', `Bearer${key}`, `Bearer ${key.slice(0, -1)}!`]) {
      expect(parseBearerKey(header), header).toEqual({ reason: 'malformed' });
    }
  });

  it('yields the key, with any case of the scheme and extra spaces', () => {
    expect(parseBearerKey(`Bearer ${key}`)).toEqual({ key });
    expect(parseBearerKey(`  bearer   ${key}  `)).toEqual({ key });
  });
});
