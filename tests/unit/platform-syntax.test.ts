import { describe, expect, it } from 'vitest';
import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';

const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';

describe('the embedded platform syntax (also X)', () => {
  it('keeps decimal ids and 15-character usernames', () => {
    expect(LOCAL_SYNTAX.username.pattern.test('@jack_1')).toBe(true);
    expect(LOCAL_SYNTAX.username.pattern.test('alice.bsky.social')).toBe(false);
    expect(LOCAL_SYNTAX.id.pattern.test('1234567890123456789')).toBe(true);
    expect(LOCAL_SYNTAX.id.pattern.test(`${DID}~3k2a`)).toBe(false);
    expect(LOCAL_SYNTAX.tweetReference('https://x.com/jack/status/20')).toBe('20');
  });
});

describe('the Bluesky syntax', () => {
  it('takes handles (any case, optional @) and DIDs as usernames', () => {
    for (const name of ['alice.bsky.social', '@Alice.BSKY.social', 'alice.test', DID, 'did:web:example.com']) expect(BLUESKY_SYNTAX.username.pattern.test(name), name).toBe(true);
    for (const name of ['alice', 'alice..social', 'has space.com', 'did:plc:', '-alice.com', `${'a'.repeat(64)}.com`]) expect(BLUESKY_SYNTAX.username.pattern.test(name), name).toBe(false);
    expect(BLUESKY_SYNTAX.username.normalize('@Alice.BSKY.social')).toBe('alice.bsky.social');
    expect(BLUESKY_SYNTAX.username.normalize(DID)).toBe(DID);
  });

  it('takes <DID or handle>~<record key> ids, URL-safe, and turns at:// URIs and bsky.app URLs into them', () => {
    const id = `${DID}~3l6oveex3ii2l`;
    expect(BLUESKY_SYNTAX.id.pattern.test(id)).toBe(true);
    expect(encodeURIComponent(id)).toBe(id.replace(/:/g, '%3A'));
    expect(BLUESKY_SYNTAX.id.pattern.test('Alice.Test~3l6oveex3ii2l')).toBe(true);
    expect(BLUESKY_SYNTAX.id.normalize('Alice.Test~3l6oveex3ii2l')).toBe('alice.test~3l6oveex3ii2l');
    for (const bad of ['12345', `${DID}`, `${DID}~`, `${DID}/3l6oveex3ii2l`, 'at://x']) expect(BLUESKY_SYNTAX.id.pattern.test(bad), bad).toBe(false);
    expect(BLUESKY_SYNTAX.tweetReference(`at://${DID}/app.bsky.feed.post/3l6oveex3ii2l`)).toBe(id);
    expect(BLUESKY_SYNTAX.tweetReference(`https://bsky.app/profile/${DID}/post/3l6oveex3ii2l`)).toBe(id);
    expect(BLUESKY_SYNTAX.tweetReference('https://bsky.app/profile/Alice.Test/post/3l6oveex3ii2l')).toBe('alice.test~3l6oveex3ii2l');
    expect(BLUESKY_SYNTAX.tweetReference(`at://${DID}/app.bsky.feed.like/3l6oveex3ii2l`)).toBeNull();
    expect(BLUESKY_SYNTAX.tweetReference('https://x.com/jack/status/20')).toBeNull();
  });
});
