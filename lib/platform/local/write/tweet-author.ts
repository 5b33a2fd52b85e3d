import type pg from 'pg';
import { NotFoundError } from '@/lib/platform/errors';
import { storableId } from '../ids';

/** The posting user's country (trends count hashtags by it), or NotFoundError when there is no such user. */
export async function getAuthorCountry(client: pg.PoolClient, userId: string): Promise<string | null> {
  const { rows } = storableId(userId) !== null
    ? await client.query<{ country: string | null }>({
        name: 'write_author_country',
        text: 'SELECT country FROM platform.users WHERE id = $1',
        values: [userId],
      })
    : { rows: [] };
  if (rows.length === 0) throw new NotFoundError(`user ${userId} not found`);
  return rows[0].country;
}

/** Adds a new tweet (or retweet) to its author's tweet count. */
export async function countAuthorTweet(client: pg.PoolClient, userId: string): Promise<void> {
  await client.query({
    name: 'write_author_tweet_count_up',
    text: 'UPDATE platform.users SET tweet_count = tweet_count + 1 WHERE id = $1',
    values: [userId],
  });
}
