import { ForbiddenError, NotFoundError } from '@/lib/platform/errors';
import { storableId } from '../ids';
import { removeTweets } from './remove-tweets';
import { inTransaction } from '@/lib/db/transaction';

export type DeleteTweetInput = { actorId: string; tweetId: string };

/** Deletes a tweet its author asks to delete, with the retweets of it, and takes back the counts they added. */
export async function deleteTweet(input: DeleteTweetInput): Promise<void> {
  if (storableId(input.tweetId) === null) throw new NotFoundError(`tweet ${input.tweetId} not found`);
  await inTransaction(async (client) => {
    // FOR UPDATE makes concurrent likes, retweets and replies of it wait, then find it gone.
    const { rows } = await client.query<{ author_id: string }>({
      name: 'write_lock_tweet_for_delete',
      text: 'SELECT author_id FROM platform.tweets WHERE id = $1 FOR UPDATE',
      values: [input.tweetId],
    });
    if (rows.length === 0) throw new NotFoundError(`tweet ${input.tweetId} not found`);
    if (rows[0].author_id !== input.actorId) throw new ForbiddenError('only the author of a tweet can delete it');
    // Retweets copy the text ("RT @author: …"): keeping them would keep what the author deleted.
    const retweets = await client.query<{ id: string }>({
      name: 'write_lock_retweets_of',
      text: 'SELECT id FROM platform.tweets WHERE retweeted_tweet_id = $1 ORDER BY id FOR UPDATE',
      values: [input.tweetId],
    });
    await removeTweets(client, [input.tweetId, ...retweets.rows.map((r) => r.id)]);
  });
}
