import { describe, expect, it } from 'vitest';
import { StartupError } from '@/lib/db/startup-error';
import { readPlatformConfig } from '@/lib/platform/platform-config';

describe('readPlatformConfig', () => {
  it('serves the embedded platform alone by default', () => {
    expect(readPlatformConfig({})).toEqual({ defaultPlatform: 'local', platforms: ['local'], bluesky: null, cacheTtlSeconds: 30 });
  });

  it('serves Bluesky with the public AppView and bsky.social by default, and local beside it when listed', () => {
    const config = readPlatformConfig({ PERCH_PLATFORM: 'Bluesky', PERCH_PLATFORMS: 'local,bluesky' });
    expect(config.defaultPlatform).toBe('bluesky');
    expect(config.platforms).toEqual(['bluesky', 'local']);
    expect(config.bluesky).toEqual({ appViewUrl: 'https://public.api.bsky.app', serviceUrl: 'https://bsky.social', serviceAccount: null, timeoutMs: 10_000, oauth: null });
    const custom = readPlatformConfig({
      PERCH_PLATFORM: 'bluesky',
      PERCH_BLUESKY_APPVIEW_URL: 'http://localhost:2584/',
      PERCH_BLUESKY_IDENTIFIER: 'perch.bsky.social',
      PERCH_BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
      PERCH_UPSTREAM_TIMEOUT_MS: '2500',
      PERCH_UPSTREAM_CACHE_SECONDS: '0',
    });
    expect(custom.bluesky).toMatchObject({ appViewUrl: 'http://localhost:2584', serviceAccount: { identifier: 'perch.bsky.social', password: 'abcd-efgh-ijkl-mnop' }, timeoutMs: 2500 });
    expect(custom.cacheTtlSeconds).toBe(0);
  });

  it('offers atproto OAuth from PERCH_PUBLIC_URL: an https origin, or a loopback one for development', () => {
    const serve = (env: Record<string, string>) => readPlatformConfig({ PERCH_PLATFORM: 'bluesky', ...env }).bluesky?.oauth;
    expect(serve({ PERCH_PUBLIC_URL: 'https://perch.example.com/' })).toEqual({ publicUrl: 'https://perch.example.com', loopback: false, plcUrl: 'https://plc.directory' });
    expect(serve({ PERCH_PUBLIC_URL: 'http://127.0.0.1:3000', PERCH_BLUESKY_PLC_URL: 'http://localhost:2582' })).toEqual({
      publicUrl: 'http://127.0.0.1:3000',
      loopback: true,
      plcUrl: 'http://localhost:2582',
    });
    expect(readPlatformConfig({ PERCH_PUBLIC_URL: 'https://perch.example.com' }).bluesky).toBeNull();
  });

  it.each([
    [{ PERCH_PLATFORM: 'bluesky', PERCH_PUBLIC_URL: 'http://perch.example.com' }, /^PERCH_PUBLIC_URL must be the deployment's public https origin/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_PUBLIC_URL: 'https://perch.example.com/app' }, /^PERCH_PUBLIC_URL must be/],
    [{ PERCH_PLATFORM: 'myspace' }, /^PERCH_PLATFORM must be one of local, bluesky, x, got "myspace"$/],
    [{ PERCH_PLATFORMS: 'local,mastodon' }, /^PERCH_PLATFORMS must be one of/],
    [{ PERCH_PLATFORM: 'x' }, /X platform is not available/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_APPVIEW_URL: 'ftp://example.com' }, /^PERCH_BLUESKY_APPVIEW_URL must be an http\(s\) URL/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_IDENTIFIER: 'me.bsky.social' }, /go together/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_UPSTREAM_TIMEOUT_MS: '0' }, /^PERCH_UPSTREAM_TIMEOUT_MS must be a whole number from 100 to 120000/],
  ])('refuses %j with one line that says what to fix', (env, message) => {
    expect(() => readPlatformConfig(env)).toThrow(StartupError);
    expect(() => readPlatformConfig(env)).toThrow(message);
  });
});
