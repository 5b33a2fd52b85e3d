import { InvalidInputError } from '@/lib/platform/errors';
import type { TweetSort, UserSort } from '@/lib/platform/types';
import type { KeysetOrder } from './keyset';

/**
 * A tweet sort as a keyset order over tweets aliased `t`. `id` is the column that drives
 * the scan and equals t.id (t.id itself, or e.g. tweet_mentions.tweet_id): the "after"
 * condition must sit on it for the driving index to apply.
 */
export function tweetOrder(sort: TweetSort | undefined, id = 't.id'): KeysetOrder {
  switch (sort ?? 'latest') {
    case 'latest':
      return { columns: [{ sql: id, kind: 'id' }], direction: 'desc' };
    case 'popular':
      return { columns: [{ sql: 't.like_count', kind: 'int' }, { sql: id, kind: 'id' }], direction: 'desc' };
    case 'engagement':
      return { columns: [{ sql: 't.engagement', kind: 'int' }, { sql: id, kind: 'id' }], direction: 'desc' };
    default:
      throw new InvalidInputError(`sort must be latest, popular or engagement`, 'sort');
  }
}

/**
 * A user sort as a keyset order over users aliased `u`. `edge` is the relationship's id
 * (a follow, like, membership: snowflakes, so newest first is edge id descending), or for
 * searches the relevance key; `edgeOrder` says how that default sort runs.
 */
export function userOrder(sort: UserSort | undefined, edgeOrder: KeysetOrder): KeysetOrder {
  switch (sort ?? 'default') {
    case 'default':
      return edgeOrder;
    case 'followers':
      return { columns: [{ sql: 'u.followers_count', kind: 'int' }, { sql: 'u.id', kind: 'id' }], direction: 'desc' };
    case 'name':
      return { columns: [{ sql: 'lower(u.name)', kind: 'text' }, { sql: 'u.id', kind: 'id' }], direction: 'asc' };
    default:
      throw new InvalidInputError('sort must be default, followers or name', 'sort');
  }
}

/** Newest relationship first: the edge table's snowflake id, descending. */
export function newestEdgeFirst(edgeId: string): KeysetOrder {
  return { columns: [{ sql: edgeId, kind: 'id' }], direction: 'desc' };
}
