import type pg from 'pg';
import { nextSnowflake } from '@/lib/platform/snowflake';
import { insertTweetRow } from './insert-tweet-row';
import { lockTargetTweet } from './lock-target-tweet';
import { retweetText } from './retweet-text';
import { inTransaction } from '@/lib/db/transaction';
import { countAuthorTweet, getAuthorCountry } from './tweet-author';
import { resolveEntities } from './tweet-entities';

export type RetweetInput = { userId: string; tweetId: string };
/** `changed` is false when the user had already retweeted it; `retweetId` is then that retweet. */
export type RetweetChange = { changed: boolean; retweeted: true; retweetId: string };

/** Retweets a tweet (a retweet's original) as a user and returns the retweet; retweeting again changes nothing. */
export async function retweet(input: RetweetInput): Promise<RetweetChange> {
  return inTransaction(async (client) => {
    const authorCountry = await getAuthorCountry(client, input.userId);
    const originalId = await lockTargetTweet(client, input.tweetId);
    const existing = await findRetweet(client, input.userId, originalId);
    if (existing) return { changed: false, retweeted: true, retweetId: existing };
    const original = await client.query<{ text: string; lang: string | null; username: string }>({
      name: 'write_retweet_source',
      text: `SELECT t.text, t.lang, a.username FROM platform.tweets t JOIN platform.users a ON a.id = t.author_id WHERE t.id = $1`,
      values: [originalId],
    });
    const { text, lang, username } = original.rows[0];
    const id = nextSnowflake();
    const rtText = retweetText(username, text);
    // A retweet is not a mention of the people it names: it stays out of their mentions
    // timeline; its hashtags do count toward trends, as amplification does.
    const inserted = await insertTweetRow(client, {
      id,
      authorId: input.userId,
      authorCountry,
      text: rtText,
      lang,
      conversationId: id,
      inReplyToTweetId: null,
      inReplyToUserId: null,
      quotedTweetId: null,
      retweetedTweetId: originalId,
      communityId: null,
      resolved: await resolveEntities(client, rtText),
      indexMentions: false,
    });
    // A concurrent retweet by the same user won the unique index between our check and insert.
    if (!inserted) return { changed: false, retweeted: true, retweetId: (await findRetweet(client, input.userId, originalId))! };
    await client.query({
      name: 'write_retweet_count_up',
      text: 'UPDATE platform.tweets SET retweet_count = retweet_count + 1 WHERE id = $1',
      values: [originalId],
    });
    await countAuthorTweet(client, input.userId);
    return { changed: true, retweeted: true, retweetId: id };
  });
}

/** The id of a user's retweet of a tweet, if there is one. */
async function findRetweet(client: pg.PoolClient, userId: string, originalId: string): Promise<string | undefined> {
  const { rows } = await client.query<{ id: string }>({
    name: 'write_find_retweet',
    text: 'SELECT id FROM platform.tweets WHERE author_id = $1 AND retweeted_tweet_id = $2',
    values: [userId, originalId],
  });
  return rows[0]?.id;
}
