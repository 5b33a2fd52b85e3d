import type { PlatformWrites } from '@/lib/platform/platform';
import { getTweet } from '../get-tweet';
import { createTweet } from './create-tweet';
import { deleteTweet } from './delete-tweet';
import { followUser } from './follow-user';
import { likeTweet } from './like-tweet';
import { retweet } from './retweet';
import { unfollowUser } from './unfollow-user';
import { unlikeTweet } from './unlike-tweet';
import { unretweet } from './unretweet';

/** The embedded platform's writes in the Platform's shape: the actor is the connected account. */
export const localPlatformWrites: PlatformWrites = {
  async createTweet(actor, request) {
    const id = await createTweet({
      authorId: actor.id,
      text: request.text,
      replyToTweetId: request.in_reply_to_tweet_id,
      quotedTweetId: request.quoted_tweet_id,
    });
    return getTweet(id);
  },
  async deleteTweet(actor, tweetId) {
    await deleteTweet({ actorId: actor.id, tweetId });
    return { id: tweetId, deleted: true };
  },
  async likeTweet(actor, tweetId) {
    const { changed } = await likeTweet({ userId: actor.id, tweetId });
    return { tweet_id: tweetId, liked: true, changed };
  },
  async unlikeTweet(actor, tweetId) {
    const { changed } = await unlikeTweet({ userId: actor.id, tweetId });
    return { tweet_id: tweetId, liked: false, changed };
  },
  async retweet(actor, tweetId) {
    const { retweetId, changed } = await retweet({ userId: actor.id, tweetId });
    return { tweet_id: tweetId, retweeted: true, retweet_id: retweetId, changed };
  },
  async unretweet(actor, tweetId) {
    const { changed } = await unretweet({ userId: actor.id, tweetId });
    return { tweet_id: tweetId, retweeted: false, changed };
  },
  async follow(actor, username) {
    const result = await followUser({ followerId: actor.id, followeeUsername: username });
    return { username: result.username, following: true, changed: result.changed };
  },
  async unfollow(actor, username) {
    const result = await unfollowUser({ followerId: actor.id, followeeUsername: username });
    return { username: result.username, following: false, changed: result.changed };
  },
};
