import { ForbiddenError, UnavailableError } from '../errors';
import type { PlatformWrites } from '../platform';
import type { PlatformActor, Tweet } from '../types';
import { TWEET_QUERY } from './fields';
import { lookupTweet, xUserByUsername } from './lookups';
import { mapTweets } from './map-records';
import type { XUpstream } from './upstream';
import type { XIncludes, XTweet } from './x-types';

// Writes as the connected account, with its OAuth 2.0 user access token: POST/DELETE /2/tweets,
// /2/users/:id/likes, /2/users/:id/retweets, /2/users/:id/following. X's manage endpoints are
// idempotent themselves (liking a liked post answers liked: true), and do not say whether
// anything changed, so these writes are charged whenever X accepts them. X answers a like or a
// retweet of a post that does not exist with a 400: the post is looked up first, for Perch's 404.

function tokenOf(actor: PlatformActor): string {
  if (actor.credential?.kind !== 'oauth2') throw new UnavailableError('X: this account is connected without a token Perch can write with; connect it again');
  return actor.credential.accessToken;
}

/** The writes of the X platform on one upstream. */
export function xWrites(upstream: XUpstream): PlatformWrites {
  /** A tweet read back as the acting account (a post X has just taken may not be in the app's cache yet). */
  async function readBack(token: string, id: string): Promise<Tweet> {
    const answer = await upstream.asUser<XTweet>(token, 'GET', `tweets/${id}`, TWEET_QUERY, 'tweet');
    const [tweet] = answer.data ? mapTweets([answer.data], answer.includes as XIncludes) : [];
    if (!tweet) throw new UnavailableError('X took the post but did not answer it back: look it up again shortly');
    return tweet;
  }

  return {
    async createTweet(actor, request) {
      const token = tokenOf(actor);
      // X answers a reply to or a quote of nothing with a 400; Perch answers 404 as for any missing tweet.
      if (request.in_reply_to_tweet_id) await lookupTweet(upstream, request.in_reply_to_tweet_id);
      if (request.quoted_tweet_id) await lookupTweet(upstream, request.quoted_tweet_id);
      const body: Record<string, unknown> = { text: request.text };
      if (request.in_reply_to_tweet_id) body.reply = { in_reply_to_tweet_id: request.in_reply_to_tweet_id };
      if (request.quoted_tweet_id) body.quote_tweet_id = request.quoted_tweet_id;
      const created = await upstream.asUser<{ id: string; text: string }>(token, 'POST', 'tweets', body, null);
      if (!created.data?.id) throw new UnavailableError('X did not say which post it created');
      return readBack(token, created.data.id);
    },
    async deleteTweet(actor, tweetId) {
      const token = tokenOf(actor);
      const { tweet } = await lookupTweet(upstream, tweetId);
      if (tweet.author_id !== actor.id) throw new ForbiddenError('you can delete only your own posts');
      await upstream.asUser(token, 'DELETE', `tweets/${tweetId}`, {}, 'tweet');
      return { id: tweetId, deleted: true };
    },
    async likeTweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'POST', `users/${actor.id}/likes`, { tweet_id: tweetId }, 'tweet');
      return { tweet_id: tweetId, liked: true };
    },
    async unlikeTweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'DELETE', `users/${actor.id}/likes/${tweetId}`, {}, 'tweet');
      return { tweet_id: tweetId, liked: false };
    },
    async retweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      const answer = await upstream.asUser<{ retweeted: boolean; rest_id?: string }>(tokenOf(actor), 'POST', `users/${actor.id}/retweets`, { tweet_id: tweetId }, 'tweet');
      // X names the new retweet in rest_id; without it there is no id to give.
      if (!answer.data?.rest_id) throw new UnavailableError('X retweeted the post but did not name the retweet');
      return { tweet_id: tweetId, retweeted: true, retweet_id: answer.data.rest_id };
    },
    async unretweet(actor, tweetId) {
      await lookupTweet(upstream, tweetId);
      await upstream.asUser(tokenOf(actor), 'DELETE', `users/${actor.id}/retweets/${tweetId}`, {}, 'tweet');
      return { tweet_id: tweetId, retweeted: false };
    },
    async follow(actor, username) {
      const token = tokenOf(actor);
      const target = await xUserByUsername(upstream, username);
      await upstream.asUser(token, 'POST', `users/${actor.id}/following`, { target_user_id: target.id }, 'user');
      return { username: target.username, following: true };
    },
    async unfollow(actor, username) {
      const token = tokenOf(actor);
      const target = await xUserByUsername(upstream, username);
      await upstream.asUser(token, 'DELETE', `users/${actor.id}/following/${target.id}`, {}, 'user');
      return { username: target.username, following: false };
    },
  };
}
