import type pg from 'pg';
import { InvalidInputError, NotFoundError } from '@/lib/platform/errors';
import { storableId, usernameKey } from '../ids';

/** Who to follow or unfollow: by id, or by username (case-insensitive, a leading @ allowed). */
export type FollowInput = { followerId: string } & ({ followeeId: string } | { followeeUsername: string });
/** `changed` is false when the edge was already there (or already gone, for unfollow). */
export type FollowChange = { changed: boolean; following: boolean; followeeId: string; username: string };

/** The followee of a follow or unfollow, or NotFoundError; InvalidInputError when it is the follower. */
export async function resolveFollowee(client: pg.PoolClient, input: FollowInput): Promise<{ id: string; username: string }> {
  const byId = 'followeeId' in input;
  const key = byId ? storableId(input.followeeId) : usernameKey(input.followeeUsername);
  const { rows } = key !== null
    ? await client.query<{ id: string; username: string }>({
        name: byId ? 'write_followee_by_id' : 'write_followee_by_username',
        text: `SELECT id, username FROM platform.users WHERE ${byId ? 'id = $1' : 'lower(username) = $1'}`,
        values: [key],
      })
    : { rows: [] };
  if (rows.length === 0) throw new NotFoundError(`user ${byId ? input.followeeId : input.followeeUsername} not found`);
  if (rows[0].id === input.followerId) throw new InvalidInputError('a user cannot follow or unfollow themselves', 'username');
  return rows[0];
}
