import type { User } from '@/lib/platform/types';
import { userFields } from '@/lib/platform/x/fields';
import { mapUser } from '@/lib/platform/x/map-records';
import { isNotFound, type XUpstream } from '@/lib/platform/x/upstream';
import { isXId, isXUsername } from '@/lib/platform/x/trusted';
import type { XProblem } from '@/lib/platform/x/x-types';
import type { EventUser } from '@/lib/delivery/event-data';

// The X reads of the monitor source, on X's own terms: a follower or following list
// (GET /2/users/:id/followers, /2/users/:id/following, up to 1,000 a page) and the users lookup
// by ids (GET /2/users?ids=, up to 100 an ask). Each request first waits for the shared request
// budget (`gate`); what was read is counted for the poll's charge and its usage row.

/** Pages of a follower or following list read per poll: up to 10 × 1,000 = 10,000 accounts, the newest first. */
export const MAX_GRAPH_PAGES = 10;
const GRAPH_PAGE = 1000;
/** X's users lookup takes up to 100 ids an ask. */
export const LOOKUP_BATCH = 100;

/** What a poll asked of X: per priced operation, the requests made and the items X returned. */
export type PollReads = Map<string, { requests: number; items: number }>;

export type XReader = { upstream: XUpstream; gate: () => Promise<void>; reads: PollReads };

function count(reads: PollReads, operation: string, items: number): void {
  const used = reads.get(operation) ?? { requests: 0, items: 0 };
  used.requests += 1;
  used.items += items;
  reads.set(operation, used);
}

/** A user as a monitor event names it, with its page on X. */
export function eventUser(id: string, username: string, name: string | null): EventUser {
  return { id, username, name, profile_url: `https://x.com/${username}` };
}

/** A follower or following list: the accounts in X's order (newest first), and whether the bound cut it. */
export async function readGraph(reader: XReader, userId: string, direction: 'followers' | 'following'): Promise<{ users: EventUser[]; truncated: boolean }> {
  const users: EventUser[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    await reader.gate();
    const page = token;
    const answer = await reader.upstream.read(`monitor.users.${direction}`, [userId, page], 'user', (x) => {
      const options = { maxResults: GRAPH_PAGE, paginationToken: page, userFields: ['name' as const, 'username' as const] };
      return direction === 'followers' ? x.users.getFollowers(userId, options) : x.users.getFollowing(userId, options);
    });
    // An account X answers in a shape Perch cannot trust is left out (lib/platform/x/trusted.ts).
    const found = (answer.data ?? []).flatMap((user) => (isXId(user.id) && isXUsername(user.username) ? [eventUser(user.id, user.username, typeof user.name === 'string' ? user.name : null)] : []));
    count(reader.reads, direction === 'followers' ? 'getUserFollowers' : 'getUserFollowing', found.length);
    users.push(...found);
    token = answer.meta?.nextToken;
    pages += 1;
  } while (token && pages < MAX_GRAPH_PAGES);
  return { users, truncated: Boolean(token) };
}

/** Why X gave no user for an id: deleted (not found) or suspended. */
export type Gone = 'deleted' | 'suspended';

// X answers a suspended account in a lookup with a problem titled Forbidden whose detail says
// "User has been suspended", and a deleted one with a Not Found problem.
function goneReason(problem: XProblem): Gone | null {
  const text = `${problem.title ?? ''} ${problem.detail ?? ''}`;
  if (/suspended/i.test(text)) return 'suspended';
  if (isNotFound(problem)) return 'deleted';
  return null;
}

/** The users lookup of `ids` in asks of ≤ 100: the records found, and the ids X says are gone (others X left out are neither). */
export async function lookupUsers(reader: XReader, ids: readonly string[]): Promise<{ users: Map<string, User>; gone: Map<string, Gone> }> {
  const users = new Map<string, User>();
  const gone = new Map<string, Gone>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    const batch = unique.slice(i, i + LOOKUP_BATCH);
    await reader.gate();
    const answer = await reader.upstream.read('monitor.users.getByIds', [batch], null, (x) => x.users.getByIds(batch, userFields()));
    let found = 0;
    for (const raw of answer.data ?? []) {
      const user = mapUser(raw);
      if (user && batch.includes(user.id)) {
        users.set(user.id, user);
        found += 1;
      }
    }
    count(reader.reads, 'getUsersBatch', found);
    for (const problem of answer.errors ?? []) {
      const id = (problem as { resourceId?: unknown; value?: unknown }).resourceId ?? (problem as { value?: unknown }).value;
      const reason = goneReason(problem);
      if (typeof id === 'string' && reason && batch.includes(id) && !users.has(id)) gone.set(id, reason);
    }
  }
  return { users, gone };
}
