import type pg from 'pg';
import { snowflakeTime } from '@/lib/platform/snowflake';
import type { ResolvedEntities } from './tweet-entities';

export type NewTweetRow = {
  id: string;
  authorId: string;
  /** The author's country now: trends count a hashtag where it was posted from. */
  authorCountry: string | null;
  text: string;
  lang: string | null;
  conversationId: string;
  inReplyToTweetId: string | null;
  inReplyToUserId: string | null;
  quotedTweetId: string | null;
  retweetedTweetId: string | null;
  communityId: string | null;
  resolved: ResolvedEntities;
  /** Whether the mentioned users get tweet_mentions rows (their mentions timeline). */
  indexMentions: boolean;
};

/**
 * Inserts a tweet with its mention and hashtag rows; counts are the caller's. Returns false,
 * inserting nothing, when the row is a retweet its author already made.
 */
export async function insertTweetRow(client: pg.PoolClient, row: NewTweetRow): Promise<boolean> {
  // created_at is the id's own moment, so ordering by id and by time agree.
  const createdAt = new Date(snowflakeTime(row.id));
  // The conflict target is the one-retweet-per-user partial index; plain tweets never match it.
  const inserted = await client.query({
    name: 'write_insert_tweet',
    text: `INSERT INTO platform.tweets (id, author_id, text, lang, created_at, conversation_id, in_reply_to_tweet_id,
             in_reply_to_user_id, quoted_tweet_id, retweeted_tweet_id, community_id, entities)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (author_id, retweeted_tweet_id) WHERE retweeted_tweet_id IS NOT NULL DO NOTHING
           RETURNING id`,
    values: [row.id, row.authorId, row.text, row.lang, createdAt, row.conversationId, row.inReplyToTweetId,
      row.inReplyToUserId, row.quotedTweetId, row.retweetedTweetId, row.communityId, JSON.stringify(row.resolved.entities)],
  });
  if (inserted.rowCount === 0) return false;
  if (row.indexMentions && row.resolved.mentionedUserIds.length > 0) {
    await client.query({
      name: 'write_insert_mentions',
      text: 'INSERT INTO platform.tweet_mentions (user_id, tweet_id) SELECT unnest($1::bigint[]), $2',
      values: [row.resolved.mentionedUserIds, row.id],
    });
  }
  if (row.resolved.tags.length > 0) {
    await client.query({
      name: 'write_insert_hashtags',
      text: 'INSERT INTO platform.tweet_hashtags (tag, tweet_id, country, created_at) SELECT unnest($1::text[]), $2, $3, $4',
      values: [row.resolved.tags, row.id, row.authorCountry, createdAt],
    });
  }
  return true;
}
