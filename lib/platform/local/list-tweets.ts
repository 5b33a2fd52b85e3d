import { NotFoundError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { afterCondition, cutPage, keySelect, orderBy, orderOver, pageSize, rawKeySelect, type KeyRow } from './keyset';
import { hydrateTweets } from './load-tweets';
import { runQuery } from './query';
import { requireRow } from './require-row';
import { tweetOrder } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { TWEET_COLUMNS, TWEET_JOINS, type TweetRow } from './tweet-row';

/**
 * Tweets by a list's members (all they post: tweets, replies, retweets). Each member
 * contributes at most a page of their own best tweets for the sort (LATERAL … LIMIT over
 * tweets_author: for `latest` a short index scan each), and the page is the best of those.
 * Written this way so the planner goes member by member: left to itself it may walk the
 * global tweets_popular index probing every tweet for membership, ruinous for a small list.
 */
export async function getListTweets(listId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const id = storableId(listId);
  if (id === null) throw new NotFoundError('list');
  const size = pageSize(request.count);
  const order = tweetOrder(request.sort);
  const params = new SqlParams();
  const list = params.add(id, 'bigint');
  const after = afterCondition(order, request.after, params);
  const limit = params.add(size + 1);
  const text = `SELECT ${TWEET_COLUMNS}, ${keySelect(orderOver(order, 'page'))}
    FROM (
      SELECT x.* FROM platform.list_members m
      CROSS JOIN LATERAL (
        SELECT t.id AS page_id, ${rawKeySelect(order)} FROM platform.tweets t
        WHERE t.author_id = m.user_id ${after === null ? '' : `AND ${after}`}
        ORDER BY ${orderBy(order)} LIMIT ${limit}
      ) x
      WHERE m.list_id = ${list}
      ORDER BY ${orderBy(orderOver(order, 'x'))} LIMIT ${limit}
    ) page
    JOIN platform.tweets t ON t.id = page.page_id ${TWEET_JOINS}
    ORDER BY ${orderBy(orderOver(order, 'page'))}`;
  const rows = await runQuery<TweetRow & KeyRow>(text, params.values, { prepared: true });
  const page = cutPage(rows, size, order);
  return confirmSubject({ items: await hydrateTweets(page.rows), next: page.next }, () => requireRow('list', id));
}
