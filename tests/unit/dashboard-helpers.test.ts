import { describe, expect, it } from 'vitest';
import { clientIp } from '@/lib/auth/client-ip';
import { adminEmails, isAdmin } from '@/lib/auth/is-admin';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { isSameOrigin } from '@/lib/auth/same-origin';
import { contentSecurityPolicy } from '@/lib/auth/security-headers';
import { decodeSignInProblem, encodeSignInProblem } from '@/lib/auth/sign-in-error';
import { signupCredits } from '@/lib/auth/signup-credits';
import { csvLine } from '@/lib/dashboard/csv';
import { lastDays, parseRange } from '@/lib/dashboard/days';
import { formatDateTime, formatPercent, formatShortDay } from '@/lib/dashboard/format';
import { pivotSeries } from '@/lib/dashboard/pivot-series';

describe('pivotSeries', () => {
  it('gives every day a row, every series a value, biggest series first, none that adds up to 0', () => {
    const result = pivotSeries(
      [
        { day: '2026-01-02', series: 'a', value: 1 },
        { day: '2026-01-02', series: 'b', value: 5 },
        { day: '2026-01-03', series: 'a', value: 2 },
        { day: '2026-01-03', series: 'a', value: 3 },
        { day: '2025-12-01', series: 'c', value: 9 },
        { day: '2026-01-03', series: 'free', value: 0 },
      ],
      ['2026-01-01', '2026-01-02', '2026-01-03'],
    );
    expect(result.series).toEqual(['c', 'a', 'b']);
    expect(result.rows).toEqual([
      { day: '2026-01-01', c: 0, a: 0, b: 0 },
      { day: '2026-01-02', c: 0, a: 1, b: 5 },
      { day: '2026-01-03', c: 0, a: 5, b: 0 },
    ]);
  });
});

describe('days', () => {
  it('offers 7, 30 and 90 days and falls back to 30', () => {
    expect([parseRange('7'), parseRange('90'), parseRange(['30']), parseRange('8'), parseRange(undefined), parseRange('7; drop')]).toEqual([7, 90, 30, 30, 30, 30]);
  });

  it('counts UTC days back from today', () => {
    expect(lastDays(3, new Date('2026-03-01T23:30:00-05:00'))).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['plain', 3, null, 'a,b', 'say "hi"', 'two\nlines'])).toBe('plain,3,,"a,b","say ""hi""","two\nlines"\r\n');
    expect(csvLine(['=1+1', '+x', '-y', '@z', -5])).toBe("'=1+1,'+x,'-y,'@z,-5\r\n");
  });
});

describe('format', () => {
  it('writes times and days in UTC', () => {
    expect(formatDateTime('2026-11-21T14:05:09.123Z')).toBe('2026-11-21 14:05 UTC');
    expect(formatDateTime(null)).toBe('—');
    expect(formatShortDay('2026-11-02')).toBe('Nov 2');
    expect([formatPercent(0), formatPercent(0.0345), formatPercent(0.5)]).toEqual(['0%', '3.5%', '50%']);
  });
});

describe('sign-in helpers', () => {
  it('carries a field problem through next-auth’s error string, and names OAuth errors', () => {
    const encoded = encodeSignInProblem({ field: 'email', message: 'Enter a valid email address' });
    expect(decodeSignInProblem(new URL(`http://x/?error=${encodeURIComponent(encoded)}`).searchParams.get('error'))).toEqual({ field: 'email', message: 'Enter a valid email address' });
    expect(decodeSignInProblem('OAuthAccountNotLinked')?.message).toMatch(/already has a Perch account/);
    expect(decodeSignInProblem('Whatever')?.message).toBe('Sign-in failed. Please try again.');
    expect(decodeSignInProblem(null)).toBeNull();
  });

  it('returns only to same-site paths', () => {
    expect(safeCallbackUrl('/dashboard/usage?range=7')).toBe('/dashboard/usage?range=7');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'dashboard', undefined, ['/x']]) expect(safeCallbackUrl(bad)).toBe('/dashboard');
  });

  it('takes the address the nearest proxy saw', () => {
    expect(clientIp({ 'x-forwarded-for': '6.6.6.6, 10.0.0.7' })).toBe('10.0.0.7');
    expect(clientIp(new Headers({ 'x-forwarded-for': '127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientIp({ 'x-real-ip': '10.0.0.9' })).toBe('10.0.0.9');
    expect(clientIp({})).toBe('unknown');
  });

  it('reads signup credits and admin emails from the environment', () => {
    expect(signupCredits({})).toBe(100_000);
    expect(signupCredits({ PERCH_SIGNUP_CREDITS: '0' })).toBe(0);
    expect(() => signupCredits({ PERCH_SIGNUP_CREDITS: 'lots' })).toThrow(/PERCH_SIGNUP_CREDITS/);
    expect([...adminEmails({ ADMIN_EMAILS: ' A@x.test,b@x.test  c@x.test,' })]).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(isAdmin({ email: 'B@x.test', isAdmin: false }, { ADMIN_EMAILS: 'b@x.test' })).toBe(true);
    expect(isAdmin({ email: 'd@x.test', isAdmin: true }, {})).toBe(true);
    expect(isAdmin({ email: 'd@x.test', isAdmin: false }, {})).toBe(false);
  });
});

describe('request checks', () => {
  const request = (headers: Record<string, string>) => new Request('http://perch.test/api/dashboard/keys/k', { method: 'DELETE', headers });

  it('accepts same-origin and header-less requests, refuses cross-site ones', () => {
    expect(isSameOrigin(request({ host: 'perch.test', origin: 'http://perch.test' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'perch.test' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'perch.test', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'perch.test', origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'perch.test', 'sec-fetch-site': 'cross-site' }))).toBe(false);
  });

  it('builds a CSP that allows only nonce-bearing scripts and no framing', () => {
    const csp = contentSecurityPolicy('abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('n', { dev: true })).toContain("'unsafe-eval'");
  });
});

describe('OAuth providers', () => {
  it('appear only when both their id and secret are set', async () => {
    const { enabledOAuthProviders, oauthProviders } = await import('@/lib/auth/oauth-providers');
    expect(enabledOAuthProviders({})).toEqual([]);
    expect(enabledOAuthProviders({ GITHUB_ID: 'id' })).toEqual([]);
    const env = { GITHUB_ID: 'id', GITHUB_SECRET: 'secret', GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: 'gsecret' };
    expect(enabledOAuthProviders(env).map((p) => p.id)).toEqual(['github', 'google']);
    expect(oauthProviders(env).map((p) => p.id)).toEqual(['github', 'google']);
  });
});

describe('niceTicks', () => {
  it('steps in 1, 2, 2.5 or 5 times a power of ten, from 0 to at least the maximum', async () => {
    const { niceTicks } = await import('@/lib/dashboard/nice-ticks');
    expect(niceTicks(1_425)).toEqual([0, 500, 1_000, 1_500]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
    for (const max of [1, 9, 18, 333, 4_958, 123_456]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
