import { NotFoundError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetPageRequest } from '@/lib/platform/types';
import { storableId } from './ids';
import { afterCondition, cutPage, pageSize, type KeyRow } from './keyset';
import { hydrateTweets } from './load-tweets';
import { runQuery } from './query';
import { requireRow } from './require-row';
import { newestEdgeFirst } from './sorts';
import { SqlParams } from './sql-params';
import { confirmSubject } from './subject';
import { tweetPage } from './tweet-page';
import { TWEET_COLUMNS, TWEET_JOINS, type TweetRow } from './tweet-row';

/** Tweets by a list's members (all they post: tweets, replies, retweets). */
export async function getListTweets(listId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const id = storableId(listId);
  if (id === null) throw new NotFoundError('list');
  const page = (request.sort ?? 'latest') === 'latest' ? await latestListTweets(id, request) : await rankedListTweets(id, request);
  return confirmSubject(page, () => requireRow('list', id));
}

/** Popular and engagement have no per-author index to walk: rank all the members' tweets. */
async function rankedListTweets(id: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const params = new SqlParams();
  const where = [`t.author_id IN (SELECT m.user_id FROM platform.list_members m WHERE m.list_id = ${params.add(id, 'bigint')})`];
  return tweetPage({ from: 'platform.tweets t', where, prepared: true }, params, request);
}

/**
 * Newest first: each member contributes at most a page of their newest tweets (one short
 * scan of tweets_author each, through LATERAL … LIMIT), and the page is the newest of those.
 */
async function latestListTweets(listId: string, request: TweetPageRequest): Promise<Page<Tweet>> {
  const size = pageSize(request.count);
  const params = new SqlParams();
  const list = params.add(listId, 'bigint');
  const after = afterCondition(newestEdgeFirst('mt.id'), request.after, params);
  const limit = params.add(size + 1);
  const text = `SELECT ${TWEET_COLUMNS}, t.id::text AS k0
    FROM (
      SELECT x.id FROM platform.list_members m
      CROSS JOIN LATERAL (
        SELECT mt.id FROM platform.tweets mt
        WHERE mt.author_id = m.user_id ${after === null ? '' : `AND ${after}`}
        ORDER BY mt.id DESC LIMIT ${limit}
      ) x
      WHERE m.list_id = ${list}
      ORDER BY x.id DESC LIMIT ${limit}
    ) page
    JOIN platform.tweets t ON t.id = page.id ${TWEET_JOINS}
    ORDER BY t.id DESC`;
  const rows = await runQuery<TweetRow & KeyRow>(text, params.values, { prepared: true });
  const page = cutPage(rows, size, newestEdgeFirst('t.id'));
  return { items: await hydrateTweets(page.rows), next: page.next };
}
