import { InvalidInputError } from '@/lib/platform/errors';
import type { Page, User, UserSearchRequest } from '@/lib/platform/types';
import type { KeysetOrder } from './keyset';
import { SqlParams } from './sql-params';
import { userPage } from './user-page';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * Relevance: the exact username first (tier 0), then usernames starting with the query
 * (tier 1), then every other match (tier 2); within a tier the higher score first, then the
 * older account. The score uses only the query and the user's text (trigram similarity of
 * username and name, full-text rank of username, name and bio), never counts that change
 * while someone pages, so the order stays put between pages.
 */
const RELEVANCE: KeysetOrder = {
  columns: [
    { sql: 'u.tier', kind: 'int' },
    { sql: '-u.score', kind: 'int' },
    { sql: 'u.id', kind: 'id' },
  ],
  direction: 'asc',
};

/** Users whose username or name contains the query, or whose username, name or bio has its words. */
export async function searchUsers(request: UserSearchRequest): Promise<Page<User>> {
  const query = request.query.trim().replace(/^@/, '');
  if (!/[\p{L}\p{N}_]/u.test(query)) throw new InvalidInputError('query has nothing to search for', 'query');
  const params = new SqlParams();
  const lowered = query.toLowerCase();
  const term = params.add(lowered, 'text');
  const contains = params.add(`%${escapeLike(lowered)}%`, 'text');
  const prefix = params.add(`${escapeLike(lowered)}%`, 'text');
  const words = `websearch_to_tsquery('simple', ${params.add(query, 'text')})`;
  // Matching uses the trigram indexes on lower(username) and lower(name) and the GIN index on search_doc.
  const from = `(SELECT u.*,
      CASE WHEN lower(u.username) = ${term} THEN 0 WHEN lower(u.username) LIKE ${prefix} THEN 1 ELSE 2 END AS tier,
      (round(1000 * greatest(similarity(lower(u.username), ${term}), similarity(lower(u.name), ${term})))
        + round(1000 * ts_rank(u.search_doc, ${words})))::int AS score
    FROM platform.users u
    WHERE lower(u.username) LIKE ${contains} OR lower(u.name) LIKE ${contains} OR u.search_doc @@ ${words}) u`;
  return userPage({ from, where: [], defaultOrder: RELEVANCE, prepared: false }, params, request);
}
