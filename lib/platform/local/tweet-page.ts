import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { afterCondition, cutPage, keySelect, orderBy, orderOver, pageSize, rawKeySelect, type KeyRow } from './keyset';
import { hydrateTweets } from './load-tweets';
import { runQuery } from './query';
import { tweetOrder } from './sorts';
import type { SqlParams } from './sql-params';
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

/**
 * One page of a tweet timeline in the requested sort, in one query plus one for quoted and
 * retweeted tweets. The inner query picks the page (filter, sort, LIMIT on tweets alone);
 * only its rows are joined to their authors: a `popular` page over thousands of candidate
 * tweets sorts them without joining each one first.
 */
export async function tweetPage(source: TweetSource, params: SqlParams, request: TweetPageRequest): Promise<Page<Tweet>> {
  const size = pageSize(request.count);
  const order = tweetOrder(request.sort, source.id);
  const after = afterCondition(order, request.after, params);
  const where = after === null ? source.where : [...source.where, after];
  const outer = orderOver(order, 'page');
  const text = `SELECT ${TWEET_COLUMNS}, ${keySelect(outer)}
    FROM (
      SELECT t.id AS page_id, ${rawKeySelect(order)}
      FROM ${source.from}
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${orderBy(order)} LIMIT ${params.add(size + 1)}
    ) page
    JOIN platform.tweets t ON t.id = page.page_id ${TWEET_JOINS}
    ORDER BY ${orderBy(outer)}`;
  const rows = await runQuery<TweetRow & KeyRow>(text, params.values, { prepared: source.prepared });
  const page = cutPage(rows, size, order);
  return { items: await hydrateTweets(page.rows), next: page.next };
}
