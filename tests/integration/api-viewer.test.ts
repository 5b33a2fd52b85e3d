import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTweetViewer, withUserViewer } from '@/lib/api/viewer';
import { getPool } from '@/lib/db/pool';
import { localPlatform } from '@/lib/platform/local';
import type { Platform } from '@/lib/platform/platform';
import { followUser } from '@/lib/platform/local/write/follow-user';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { setUpWriter, type Writer } from '../support/api-writer';

// Records carry the caller's connected account's relationship (`viewer`), so a client shows the
// real state of Like, Retweet and Follow; null without a connected account.

let writer: ApiAccount;
let stranger: ApiAccount;
let me: Writer['me'];
let other: Writer['other'];
let target: Writer['target'];
let unrelatedTweet: string;

beforeAll(async () => {
  ({ account: writer, me, other, target } = await setUpWriter('viewer'));
  stranger = await createApiAccount({ label: 'viewer-none' });
  const { rows } = await getPool().query<{ id: string }>(
    `SELECT id::text FROM platform.tweets WHERE retweeted_tweet_id IS NULL AND id <> $1 AND author_id <> $2 ORDER BY id DESC LIMIT 1`,
    [target.id, me.id],
  );
  unrelatedTweet = rows[0].id;
});

afterAll(async () => {
  await expectLedgersBalanced();
});

const tweetViewer = async (account: ApiAccount, id: string) => {
  const answer = await account.call('GET', `/v2/tweets/${id}`);
  expectSuccess(answer);
  expectTweet(answer.body.data);
  return answer.body.data.viewer;
};
const userViewer = async (account: ApiAccount, username: string) => {
  const answer = await account.call('GET', `/v2/users/${username}`);
  expectSuccess(answer);
  expectUser(answer.body.data);
  return answer.body.data.viewer;
};

describe('viewer on records', () => {
  it('is null for a caller without a connected account', async () => {
    expect(await tweetViewer(stranger, target.id)).toBeNull();
    expect(await userViewer(stranger, other.username)).toBeNull();
    const search = await stranger.call('POST', '/v2/search/users', { body: { query: other.username } });
    expect(search.body.data.map((u: { viewer: unknown }) => u.viewer)).toEqual(search.body.data.map(() => null));
  });

  it('follows the connected account’s likes, retweets and follows, on single records, batches and pages', async () => {
    expect(await tweetViewer(writer, target.id)).toEqual({ liked: false, retweeted: false });
    expect(await userViewer(writer, other.username)).toEqual({ following: false, followed_by: false });

    expectSuccess(await writer.call('POST', `/v2/tweets/${target.id}/like`), ['changed']);
    expect(await tweetViewer(writer, target.id)).toEqual({ liked: true, retweeted: false });
    const retweet = await writer.call('POST', `/v2/tweets/${target.id}/retweet`);
    expectSuccess(retweet, ['changed']);
    expect(await tweetViewer(writer, target.id)).toEqual({ liked: true, retweeted: true });

    expectSuccess(await writer.call('POST', `/v2/users/${other.username}/follow`), ['changed']);
    expect(await userViewer(writer, other.username)).toEqual({ following: true, followed_by: false });
    await followUser({ followerId: other.id, followeeId: me.id });
    expect(await userViewer(writer, other.username)).toEqual({ following: true, followed_by: true });
    // Your own record: you neither follow nor are followed by yourself.
    expect(await userViewer(writer, me.username)).toEqual({ following: false, followed_by: false });
    // Someone else's connection shows nothing of yours.
    expect(await tweetViewer(stranger, target.id)).toBeNull();

    // A batch: each record its own state.
    const batch = await writer.call('POST', '/v2/tweets/batch', { body: { ids: [target.id, unrelatedTweet] } });
    expectSuccess(batch, ['not_found']);
    expect(batch.body.data.map((t: { id: string; viewer: unknown }) => [t.id, t.viewer])).toEqual([
      [target.id, { liked: true, retweeted: true }],
      [unrelatedTweet, { liked: false, retweeted: false }],
    ]);

    // A page: my timeline holds my retweet, whose embedded original carries the state too.
    const timeline = await writer.call('GET', `/v2/users/${me.username}/tweets`);
    expectSuccess(timeline);
    const mine = timeline.body.data.find((t: { id: string }) => t.id === retweet.body.data.retweet_id);
    expect(mine.viewer).toEqual({ liked: false, retweeted: false });
    expect(mine.retweeted_tweet).toMatchObject({ id: target.id, viewer: { liked: true, retweeted: true } });
    for (const tweet of timeline.body.data) expectTweet(tweet);

    const following = await writer.call('GET', `/v2/users/${me.username}/following`);
    expect(following.body.data.find((u: { id: string }) => u.id === other.id).viewer).toEqual({ following: true, followed_by: true });

    // Undone: the state follows.
    expectSuccess(await writer.call('DELETE', `/v2/tweets/${target.id}/like`), ['changed']);
    expectSuccess(await writer.call('DELETE', `/v2/users/${other.username}/follow`), ['changed']);
    expect(await tweetViewer(writer, target.id)).toEqual({ liked: false, retweeted: true });
    expect(await userViewer(writer, other.username)).toEqual({ following: false, followed_by: true });
  });

  it('costs one relations query per page, however many records it holds', async () => {
    let calls = 0;
    const counting: Platform = {
      ...localPlatform,
      getViewerRelations: async (viewerId, about) => {
        calls++;
        return localPlatform.getViewerRelations!(viewerId, about);
      },
    };
    const ctx = { caller: { userId: writer.userId, keyId: writer.keyId, scopes: ['read'], source: 'api' as const }, platform: counting };
    const page = await localPlatform.searchTweets({ query: 'the', count: 50 });
    expect(page.items.length).toBeGreaterThan(10);
    const viewed = await withTweetViewer(ctx, { data: page.items });
    expect(calls).toBe(1);
    expect(viewed.data.every((t) => t.viewer !== null)).toBe(true);
    const users = await localPlatform.getUserFollowing(me.username, { count: 50 });
    await withUserViewer(ctx, { data: users.items });
    expect(calls).toBe(2);
    // Without a connected account no relations query runs at all.
    const none = { ...ctx, caller: { ...ctx.caller, userId: stranger.userId } };
    expect((await withTweetViewer(none, { data: page.items })).data.every((t) => t.viewer === null)).toBe(true);
    expect(calls).toBe(2);
  });
});
