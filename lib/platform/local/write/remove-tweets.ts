import type pg from 'pg';

/**
 * Deletes tweets and takes back every count they contributed: their authors' tweet and
 * media counts, the reply, quote and retweet counts of the tweets they answered, quoted or
 * retweeted, and the like counts of the users who liked them. Their likes, mentions and
 * hashtags go with them (ON DELETE CASCADE). The caller has locked the rows FOR UPDATE,
 * so no like or retweet of them can slip in between the counting and the delete.
 */
export async function removeTweets(client: pg.PoolClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // Tweets before users, each in id order: the order every write takes row locks in, so two
  // writes touching the same rows wait for each other instead of deadlocking.
  await client.query({
    name: 'write_lock_parents_of_removed',
    text: `SELECT id FROM platform.tweets
           WHERE id IN (SELECT unnest(ARRAY[in_reply_to_tweet_id, quoted_tweet_id, retweeted_tweet_id])
                        FROM platform.tweets WHERE id = ANY($1::bigint[]))
             AND id <> ALL($1::bigint[])
           ORDER BY id FOR NO KEY UPDATE`,
    values: [ids],
  });
  // A parent that is itself being removed needs no correction. GREATEST keeps counts that
  // were already off (hand-edited data) from going negative.
  await client.query({
    name: 'write_remove_parent_counts',
    text: `WITH gone AS (SELECT in_reply_to_tweet_id, quoted_tweet_id, retweeted_tweet_id FROM platform.tweets WHERE id = ANY($1::bigint[])),
           refs AS (
             SELECT in_reply_to_tweet_id AS id, 1 AS replies, 0 AS quotes, 0 AS retweets FROM gone WHERE in_reply_to_tweet_id IS NOT NULL
             UNION ALL SELECT quoted_tweet_id, 0, 1, 0 FROM gone WHERE quoted_tweet_id IS NOT NULL
             UNION ALL SELECT retweeted_tweet_id, 0, 0, 1 FROM gone WHERE retweeted_tweet_id IS NOT NULL),
           totals AS (SELECT id, sum(replies) AS replies, sum(quotes) AS quotes, sum(retweets) AS retweets
                      FROM refs WHERE id <> ALL($1::bigint[]) GROUP BY id)
           UPDATE platform.tweets t
           SET reply_count = GREATEST(t.reply_count - totals.replies, 0),
               quote_count = GREATEST(t.quote_count - totals.quotes, 0),
               retweet_count = GREATEST(t.retweet_count - totals.retweets, 0)
           FROM totals WHERE t.id = totals.id`,
    values: [ids],
  });
  await client.query({
    name: 'write_lock_users_of_removed',
    text: `SELECT id FROM platform.users
           WHERE id IN (SELECT user_id FROM platform.likes WHERE tweet_id = ANY($1::bigint[])
                        UNION SELECT author_id FROM platform.tweets WHERE id = ANY($1::bigint[]))
           ORDER BY id FOR NO KEY UPDATE`,
    values: [ids],
  });
  await client.query({
    name: 'write_remove_liker_counts',
    text: `UPDATE platform.users u SET like_count = GREATEST(u.like_count - l.n, 0)
           FROM (SELECT user_id, count(*)::int AS n FROM platform.likes WHERE tweet_id = ANY($1::bigint[]) GROUP BY user_id) l
           WHERE u.id = l.user_id`,
    values: [ids],
  });
  // A deleted tweet must not stay pinned to its author's profile.
  await client.query({
    name: 'write_remove_author_counts',
    text: `UPDATE platform.users u
           SET tweet_count = GREATEST(u.tweet_count - a.n, 0),
               media_count = GREATEST(u.media_count - a.media, 0),
               pinned_tweet_ids = ARRAY(SELECT p FROM unnest(u.pinned_tweet_ids) WITH ORDINALITY AS x(p, o)
                                        WHERE p <> ALL($1::bigint[]) ORDER BY o)
           FROM (SELECT author_id, count(*)::int AS n, count(*) FILTER (WHERE has_media)::int AS media
                 FROM platform.tweets WHERE id = ANY($1::bigint[]) GROUP BY author_id) a
           WHERE u.id = a.author_id`,
    values: [ids],
  });
  await client.query({
    name: 'write_remove_tweets',
    text: 'DELETE FROM platform.tweets WHERE id = ANY($1::bigint[])',
    values: [ids],
  });
}
