import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { profileChanges, profileFieldsOf } from '@/lib/monitors/bluesky-profile-fields';
import { parseJetstreamMessage, readJetstream } from '@/lib/platform/bluesky/stream/jetstream';
import { FOLLOW_COLLECTION, PROFILE_COLLECTION } from '@/lib/platform/bluesky/stream/stream-events';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';

// The Bluesky monitors' reading of Jetstream (no AT Protocol network needed): follow and profile
// record changes and #account events as Jetstream documents them become stream changes, the
// stream asks only for the collections given, and profile records become the compared fields.

const did = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const other = 'did:plc:abcdefghijklmnopqrstuvwx';
const blob = (cid: string) => ({ $type: 'blob', ref: { $link: cid }, mimeType: 'image/jpeg', size: 1000 });
const commit = (operation: string, collection: string, rkey: string, record?: object) => ({
  did,
  time_us: 1_725_911_162_329_308,
  kind: 'commit',
  commit: { rev: '3l3qo2vutsw2b', operation, collection, rkey, ...(record ? { record, cid: 'bafyreia' } : {}) },
});

describe('Jetstream for the Bluesky monitors', () => {
  it('carries follow and profile record changes and account events, posts apart', () => {
    expect(parseJetstreamMessage(commit('create', FOLLOW_COLLECTION, '3kfollow', { $type: FOLLOW_COLLECTION, subject: other, createdAt: '2026-11-27T00:00:00Z' }))).toMatchObject({
      post: null,
      change: { did, collection: FOLLOW_COLLECTION, rkey: '3kfollow', operation: 'create', rev: '3l3qo2vutsw2b', record: { subject: other } },
    });
    // A delete names only its author and record key.
    expect(parseJetstreamMessage(commit('delete', FOLLOW_COLLECTION, '3kfollow'))!.change).toEqual({ did, collection: FOLLOW_COLLECTION, rkey: '3kfollow', operation: 'delete', rev: '3l3qo2vutsw2b', record: null });
    expect(parseJetstreamMessage(commit('update', PROFILE_COLLECTION, 'self', { displayName: 'A' }))!.change).toMatchObject({ operation: 'update', record: { displayName: 'A' } });
    expect(parseJetstreamMessage(commit('create', 'app.bsky.feed.like', '3klike', { subject: {} }))!.change).toBeUndefined();
    expect(parseJetstreamMessage({ did, time_us: 5, kind: 'account', account: { active: false, did, seq: 1409753013, status: 'takendown', time: '2024-09-05T06:11:04.870Z' } } as never)).toEqual({
      cursor: 5,
      post: null,
      account: { did, seq: 1409753013, active: false, status: 'takendown' },
    });
  });

  it('reads profile records as the compared fields and diffs them', () => {
    const before = profileFieldsOf(did, { displayName: 'Alice', avatar: blob('bafkreiold'), pinnedPost: { uri: `at://${did}/app.bsky.feed.post/3kpin`, cid: 'x' } });
    const after = profileFieldsOf(did, { displayName: 'Alice', description: 'birds', avatar: blob('bafkreinew'), website: 'https://example.com' });
    expect(before).toMatchObject({ name: 'Alice', profile_image_url: `https://cdn.bsky.app/img/avatar/plain/${did}/bafkreiold@jpeg`, pinned_tweet_ids: [`${did}~3kpin`] });
    expect(profileChanges(before, after)).toEqual([
      { field: 'description', old: null, new: 'birds' },
      { field: 'url', old: null, new: 'https://example.com' },
      { field: 'profile_image_url', old: `https://cdn.bsky.app/img/avatar/plain/${did}/bafkreiold@jpeg`, new: `https://cdn.bsky.app/img/avatar/plain/${did}/bafkreinew@jpeg` },
      { field: 'pinned_tweet_ids', old: [`${did}~3kpin`], new: [] },
    ]);
    expect(profileChanges(after, profileFieldsOf(did, { displayName: 'Alice', description: 'birds', avatar: blob('bafkreinew'), website: 'https://example.com' }))).toEqual([]);
  });

  describe('a connection', () => {
    let server: WebSocketServer;
    let url: string;
    const queries: URLSearchParams[] = [];
    beforeAll(async () => {
      const port = await freePort();
      server = new WebSocketServer({ port, host: '127.0.0.1', path: '/subscribe' });
      server.on('connection', (_socket, request) => queries.push(new URL(request.url!, 'ws://x').searchParams));
      url = `ws://127.0.0.1:${port}/subscribe`;
    });
    afterAll(async () => {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    });

    it('asks only for the collections the monitors need', async () => {
      const connection = readJetstream(url, { collections: [FOLLOW_COLLECTION, PROFILE_COLLECTION], cursor: () => null, onEvent: () => {}, onError: () => {} });
      await waitFor(() => queries.length === 1, 10_000);
      await connection.close();
      expect(queries[0].getAll('wantedCollections')).toEqual([FOLLOW_COLLECTION, PROFILE_COLLECTION]);
    });
  });
});
