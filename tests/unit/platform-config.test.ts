import { describe, expect, it } from 'vitest';
import { StartupError } from '@/lib/db/startup-error';
import { readPlatformConfig } from '@/lib/platform/platform-config';

describe('readPlatformConfig', () => {
  it('serves the embedded platform alone by default', () => {
    expect(readPlatformConfig({})).toEqual({ defaultPlatform: 'local', platforms: ['local'], bluesky: null, x: null, cacheTtlSeconds: 30 });
  });

  it('serves Bluesky with the public AppView and bsky.social by default, and local beside it when listed', () => {
    const config = readPlatformConfig({ PERCH_PLATFORM: 'Bluesky', PERCH_PLATFORMS: 'local,bluesky' });
    expect(config.defaultPlatform).toBe('bluesky');
    expect(config.platforms).toEqual(['bluesky', 'local']);
    expect(config.bluesky).toEqual({
      appViewUrl: 'https://public.api.bsky.app',
      serviceUrl: 'https://bsky.social',
      serviceAccount: null,
      timeoutMs: 10_000,
      stream: { kind: 'jetstream', url: 'wss://jetstream2.us-east.bsky.network/subscribe' },
      oauth: null,
    });
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

  it('serves X with its bearer token at api.x.com by default; the OAuth client is optional', () => {
    expect(readPlatformConfig({ PERCH_PLATFORM: 'x', PERCH_X_BEARER_TOKEN: ' AAAA ' }).x).toEqual({ apiUrl: 'https://api.x.com', bearerToken: 'AAAA', oauth: null, timeoutMs: 10_000 });
    const custom = readPlatformConfig({
      PERCH_PLATFORMS: 'local,x',
      PERCH_X_BEARER_TOKEN: 'AAAA',
      PERCH_X_API_URL: 'https://127.0.0.1:8443/',
      PERCH_X_CLIENT_ID: 'client',
      PERCH_X_CLIENT_SECRET: 'secret',
    });
    expect(custom.platforms).toEqual(['local', 'x']);
    expect(custom.x).toEqual({
      apiUrl: 'https://127.0.0.1:8443',
      bearerToken: 'AAAA',
      oauth: { clientId: 'client', clientSecret: 'secret', authorizeUrl: 'https://x.com/i/oauth2/authorize' },
      timeoutMs: 10_000,
    });
    // A local mock of X (Prism on X's description) may speak plain http, on a loopback host only.
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(readPlatformConfig({ PERCH_PLATFORM: 'x', PERCH_X_BEARER_TOKEN: 't', PERCH_X_API_URL: url }).x?.apiUrl).toBe(url);
    }
  });

  it('reads real-time posts from Jetstream, or from a firehose when one is given', () => {
    expect(readPlatformConfig({ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_JETSTREAM_URL: 'ws://127.0.0.1:6008/subscribe' }).bluesky?.stream).toEqual({
      kind: 'jetstream',
      url: 'ws://127.0.0.1:6008/subscribe',
    });
    expect(readPlatformConfig({ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_FIREHOSE_URL: 'wss://bsky.network/' }).bluesky?.stream).toEqual({ kind: 'firehose', url: 'wss://bsky.network' });
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
    [{ PERCH_PLATFORM: 'x' }, /^PERCH_X_BEARER_TOKEN is required to serve X/],
    [{ PERCH_PLATFORM: 'x', PERCH_X_BEARER_TOKEN: 't', PERCH_X_API_URL: 'http://api.x.com' }, /^PERCH_X_API_URL must be an https URL .*plain http only on a loopback host/],
    [{ PERCH_PLATFORM: 'x', PERCH_X_BEARER_TOKEN: 't', PERCH_X_API_URL: 'http://10.0.0.5:4010' }, /^PERCH_X_API_URL must be an https URL/],
    [{ PERCH_PLATFORM: 'x', PERCH_X_BEARER_TOKEN: 't', PERCH_X_CLIENT_SECRET: 's' }, /^PERCH_X_CLIENT_SECRET needs PERCH_X_CLIENT_ID/],
    [{ PERCH_PLATFORMS: 'local,x', PERCH_X_BEARER_TOKEN: 't', PERCH_X_CLIENT_ID: 'c', PERCH_X_AUTHORIZE_URL: 'nope' }, /^PERCH_X_AUTHORIZE_URL must be an http\(s\) URL/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_APPVIEW_URL: 'ftp://example.com' }, /^PERCH_BLUESKY_APPVIEW_URL must be an http\(s\) URL/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_IDENTIFIER: 'me.bsky.social' }, /go together/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_JETSTREAM_URL: 'jetstream' }, /^PERCH_BLUESKY_JETSTREAM_URL must be a ws\(s\):\/\/ or http\(s\):\/\/ URL/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_BLUESKY_FIREHOSE_URL: 'ftp://relay' }, /^PERCH_BLUESKY_FIREHOSE_URL must be a ws\(s\):\/\/ or http\(s\):\/\/ URL/],
    [{ PERCH_PLATFORM: 'bluesky', PERCH_UPSTREAM_TIMEOUT_MS: '0' }, /^PERCH_UPSTREAM_TIMEOUT_MS must be a whole number from 100 to 120000/],
  ])('refuses %j with one line that says what to fix', (env, message) => {
    expect(() => readPlatformConfig(env)).toThrow(StartupError);
    expect(() => readPlatformConfig(env)).toThrow(message);
  });
});
