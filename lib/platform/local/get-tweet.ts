import { NotFoundError } from '@/lib/platform/errors';
import type { Tweet } from '@/lib/platform/types';
import { storableId } from './ids';
import { hydrateTweets, tweetRowsById } from './load-tweets';

/** One tweet by id, with its quoted or retweeted tweet. */
export async function getTweet(tweetId: string): Promise<Tweet> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const rows = await tweetRowsById([id]);
  if (rows.length === 0) throw new NotFoundError('tweet');
  const [tweet] = await hydrateTweets(rows);
  return tweet;
}
