import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { afterCondition, cutPage, keySelect, orderBy, pageSize, type KeyRow } from './keyset';
import { hydrateTweets } from './load-tweets';
import { runQuery } from './query';
import type { SqlParams } from './sql-params';
import { tweetOrder } from './sorts';
import { TWEET_COLUMNS, TWEET_JOINS, type TweetRow } from './tweet-row';

/** Which tweets a timeline holds: a FROM item naming platform.tweets `t`, and conditions. */
export type TweetSource = {
  from: string;
  where: readonly string[];
  /** The column that equals t.id and drives the scan (see tweetOrder). */
  id?: string;
  /** Whether to run it as a named prepared statement (yes for fixed access paths, no for searches). */
  prepared: boolean;
};

/** One page of a tweet timeline in the requested sort, built in one query plus one for quoted and retweeted tweets. */
export async function tweetPage(source: TweetSource, params: SqlParams, request: TweetPageRequest): Promise<Page<Tweet>> {
  const size = pageSize(request.count);
  const order = tweetOrder(request.sort, source.id);
  const after = afterCondition(order, request.after, params);
  const where = after === null ? source.where : [...source.where, after];
  const text = `SELECT ${TWEET_COLUMNS}, ${keySelect(order)}
    FROM ${source.from} ${TWEET_JOINS}
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${orderBy(order)} LIMIT ${params.add(size + 1)}`;
  const rows = await runQuery<TweetRow & KeyRow>(text, params.values, { prepared: source.prepared });
  const page = cutPage(rows, size, order);
  return { items: await hydrateTweets(page.rows), next: page.next };
}
