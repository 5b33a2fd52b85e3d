import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptionKeyring, KeyringConfigError, parseKeyList } from '@/lib/crypto/keyring';
import { seal, sealedKeyId, unseal, UnsealError } from '@/lib/crypto/seal';
import { openFlow, sealFlow } from '@/lib/connections/flow-cookie';
import { s256Challenge, verifyPkce } from '@/lib/oauth/pkce';
import { parseScope } from '@/lib/oauth/scopes';
import { publicOrigin } from '@/lib/oauth/public-origin';

const SECRET_A = 'a'.repeat(16) + 'first secret';
const SECRET_B = 'b'.repeat(16) + 'second secret';

describe('keyring', () => {
  it('parses "kid:secret,…" with the first key sealing; refuses bad entries without echoing secrets', () => {
    const keys = parseKeyList(`2026b:${SECRET_B}, 2026a:${SECRET_A}`);
    expect(keys.map((k) => k.id)).toEqual(['2026b', '2026a']);
    expect(keys[0].key).toEqual(crypto.createHash('sha256').update(SECRET_B).digest());
    for (const bad of ['nokid', `:${SECRET_A}`, 'k:short', `bad kid:${SECRET_A}`, `k:${SECRET_A},k:${SECRET_B}`, '']) {
      let error: unknown;
      try {
        parseKeyList(bad);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(KeyringConfigError);
      expect((error as Error).message).not.toContain('first secret');
    }
  });
});

describe('seal / unseal (AES-256-GCM with a key id)', () => {
  const ring = encryptionKeyring({ PERCH_ENCRYPTION_KEYS: `new:${SECRET_B},old:${SECRET_A}` });
  const oldRing = encryptionKeyring({ PERCH_ENCRYPTION_KEYS: `old:${SECRET_A}` });

  it('round-trips, with a fresh IV each time and the key id in front', () => {
    const a = seal('pat_secret-token', 'ctx', ring);
    const b = seal('pat_secret-token', 'ctx', ring);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.new\./);
    expect(sealedKeyId(a)).toBe('new');
    expect(a).not.toContain('secret-token');
    expect(unseal(a, 'ctx', ring)).toBe('pat_secret-token');
  });

  it('rotates: values sealed with the old key still unseal; new ones use the first key', () => {
    const sealedOld = seal('old token', 'ctx', oldRing);
    expect(sealedKeyId(sealedOld)).toBe('old');
    expect(unseal(sealedOld, 'ctx', ring)).toBe('old token');
    expect(() => unseal(seal('x', 'ctx', ring), 'ctx', oldRing)).toThrow(UnsealError);
  });

  it('refuses another context, a tampered value, an unknown key id and garbage', () => {
    const sealed = seal('token', 'platform_connections.access_token:u1', ring);
    expect(() => unseal(sealed, 'platform_connections.access_token:u2', ring)).toThrow(UnsealError);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => unseal([...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'), 'platform_connections.access_token:u1', ring)).toThrow(UnsealError);
    expect(() => unseal(sealed.replace('v1.new.', 'v1.nope.'), 'platform_connections.access_token:u1', ring)).toThrow(/not configured/);
    for (const garbage of ['', 'v1', 'v2.new.a.b.c', 'v1.new.short.x.y']) expect(() => unseal(garbage, 'ctx', ring)).toThrow(UnsealError);
  });

  it('without a list, the one key (PERCH_ENCRYPTION_KEY or generated into the data directory) is "default"', () => {
    const sealed = seal('x', 'ctx', encryptionKeyring({}));
    expect(sealedKeyId(sealed)).toBe('default');
    // A list configured later still reads what the default key sealed.
    expect(unseal(sealed, 'ctx', encryptionKeyring({ PERCH_ENCRYPTION_KEYS: `new:${SECRET_B}` }))).toBe('x');
  });
});

describe('flow cookie, PKCE, scopes, origin', () => {
  it('the flow cookie opens only while fresh and untouched', () => {
    const flow = { userId: 'u', state: 's', codeVerifier: 'v', redirectUri: 'http://x/cb', startedAt: 1_000_000 };
    const sealed = sealFlow(flow);
    expect(openFlow(sealed, 1_000_000 + 60_000)).toEqual(flow);
    expect(openFlow(sealed, 1_000_000 + 11 * 60_000)).toBeNull();
    expect(openFlow(`${sealed}x`, 1_000_000)).toBeNull();
    expect(openFlow(undefined)).toBeNull();
  });

  it('PKCE S256 follows RFC 7636’s example', () => {
    // RFC 7636 appendix B.
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifyPkce('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifyPkce('short', s256Challenge('short'))).toBe(false);
  });

  it('scopes parse into the canonical order; unknown ones are refused', () => {
    expect(parseScope('offline.access  tweet.read tweet.read')).toEqual(['tweet.read', 'offline.access']);
    expect(parseScope('tweet.read admin')).toBeNull();
    expect(parseScope(' ')).toBeNull();
  });

  it('the public origin is NEXTAUTH_URL’s when set, else the request’s', () => {
    const headers = new Headers({ host: 'perch.example:8080', 'x-forwarded-proto': 'https' });
    expect(publicOrigin(headers, {})).toBe('https://perch.example:8080');
    expect(publicOrigin(headers, { NEXTAUTH_URL: 'https://dash.example/some/path' })).toBe('https://dash.example');
    expect(publicOrigin(new Headers({ host: 'a b' }), {})).toBe('http://invalid.invalid');
  });
});
