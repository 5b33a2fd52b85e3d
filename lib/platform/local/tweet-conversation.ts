import { NotFoundError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { requireRow } from './require-row';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { tweetPage } from './tweet-page';

/**
 * The replies in a tweet's thread: every tweet of its conversation except the root (the
 * tweet the conversation is named after). Asked for a reply, it is the whole thread around
 * it, that reply included, as a client rendering the thread needs; retweets are not replies.
 */
export async function getTweetConversation(tweetId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const params = new SqlParams();
  const conversation = `(SELECT conversation_id FROM platform.tweets WHERE id = ${params.add(id, 'bigint')})`;
  const where = [`t.conversation_id = ${conversation}`, `t.id <> ${conversation}`, 't.retweeted_tweet_id IS NULL'];
  const page = await tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
  return confirmSubject(page, () => requireRow('tweet', id));
}
