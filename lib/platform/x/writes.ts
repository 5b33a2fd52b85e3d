import { ForbiddenError, UnavailableError } from '../errors';
import type { PlatformWrites } from '../platform';
import type { PlatformActor, Tweet } from '../types';
import { postFields } from './fields';
import { lookupTweet, tweetsOf, xUserByUsername } from './lookups';
import { isXId } from './trusted';
import type { XUpstream } from './upstream';

// Writes as the connected account, with its OAuth 2.0 user access token, through X's official
// SDK: POST/DELETE /2/tweets, /2/users/:id/likes, /2/users/:id/retweets, /2/users/:id/following.
// X's manage endpoints are idempotent themselves (liking a liked post answers liked: true), and
// do not say whether anything changed, so these writes are charged whenever X accepts them. X
// answers a like or a repost of a post that does not exist with a 400: the post is looked up
// first, for Perch's 404.

function tokenOf(actor: PlatformActor): string {
  if (actor.credential?.kind !== 'oauth2') throw new UnavailableError('X: this account is connected without a token Perch can write with; connect it again');
  return actor.credential.accessToken;
}

/** The writes of the X platform on one upstream. */
export function xWrites(upstream: XUpstream): PlatformWrites {
  /** A post read back as the acting account (a post X has just taken may not be in the app's cache yet). */
  async function readBack(token: string, id: string): Promise<Tweet> {
    const answer = await upstream.asUser(token, 'tweet', (x) => x.posts.getById(id, postFields()));
    const [tweet] = answer.data ? await tweetsOf(upstream, { data: [answer.data], includes: answer.includes }) : [];
    if (!tweet) throw new UnavailableError('X took the post but did not answer it back: look it up again shortly');
    return tweet;
  }

  return {
    async createTweet(actor, request) {
      const token = tokenOf(actor);
      // X answers a reply to or a quote of nothing with a 400; Perch answers 404 as for any missing tweet.
      if (request.in_reply_to_tweet_id) await lookupTweet(upstream, request.in_reply_to_tweet_id);
      if (request.quoted_tweet_id) await lookupTweet(upstream, request.quoted_tweet_id);
      const body = {
        text: request.text,
        ...(request.in_reply_to_tweet_id ? { reply: { inReplyToTweetId: request.in_reply_to_tweet_id } } : {}),
        ...(request.quoted_tweet_id ? { quoteTweetId: request.quoted_tweet_id } : {}),
      };
      const created = await upstream.asUser(token, null, (x) => x.posts.create(body));
      if (!isXId(created.data?.id)) throw new UnavailableError('X did not say which post it created');
      return readBack(token, created.data.id);
    },
    async deleteTweet(actor, tweetId) {
      const token = tokenOf(actor);
      const { tweet } = await lookupTweet(upstream, tweetId);
      if (tweet.author_id !== actor.id) throw new ForbiddenError('you can delete only your own posts');
      await upstream.asUser(token, 'tweet', (x) => x.posts.delete(tweetId));
      return { id: tweetId, deleted: true };
    },
    async likeTweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'tweet', (x) => x.users.likePost(actor.id, { tweetId }));
      return { tweet_id: tweetId, liked: true };
    },
    async unlikeTweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'tweet', (x) => x.users.unlikePost(actor.id, tweetId));
      return { tweet_id: tweetId, liked: false };
    },
    async retweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      const answer = await upstream.asUser(tokenOf(actor), 'tweet', (x) => x.users.repostPost(actor.id, { tweetId }));
      // X names the new repost in rest_id; without it (or with one that is no X id) there is no id to give.
      if (!isXId(answer.data?.restId)) throw new UnavailableError('X reposted the post but did not name the repost');
      return { tweet_id: tweetId, retweeted: true, retweet_id: answer.data.restId };
    },
    async unretweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'tweet', (x) => x.users.unrepostPost(actor.id, tweetId));
      return { tweet_id: tweetId, retweeted: false };
    },
    async follow(actor, username) {
      const token = tokenOf(actor);
      const target = await xUserByUsername(upstream, username);
      await upstream.asUser(token, 'user', (x) => x.users.followUser(actor.id, { targetUserId: target.id }));
      return { username: target.username, following: true };
    },
    async unfollow(actor, username) {
      const token = tokenOf(actor);
      const target = await xUserByUsername(upstream, username);
      await upstream.asUser(token, 'user', (x) => x.users.unfollowUser(actor.id, target.id));
      return { username: target.username, following: false };
    },
  };
}
