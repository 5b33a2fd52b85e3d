import { nextSnowflake } from '@/lib/platform/snowflake';
import { assertUserExists } from './assert-user-exists';
import { lockUsersInIdOrder } from './lock-in-id-order';
import { resolveFollowee, type FollowInput, type FollowChange } from './resolve-followee';
import { inTransaction } from '@/lib/db/transaction';

/** Follows a user; following again changes nothing, following yourself is InvalidInputError. */
export async function followUser(input: FollowInput): Promise<FollowChange> {
  return inTransaction(async (client) => {
    await assertUserExists(client, input.followerId);
    const followee = await resolveFollowee(client, input);
    const inserted = await client.query({
      name: 'write_insert_follow',
      text: 'INSERT INTO platform.follows (id, follower_id, followee_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      values: [nextSnowflake(), input.followerId, followee.id],
    });
    const changed = inserted.rowCount === 1;
    if (changed) {
      await lockUsersInIdOrder(client, [input.followerId, followee.id]);
      await client.query({
        name: 'write_follow_counts_up',
        text: `UPDATE platform.users
               SET following_count = following_count + (id = $1)::int, followers_count = followers_count + (id = $2)::int
               WHERE id = ANY(ARRAY[$1, $2]::bigint[])`,
        values: [input.followerId, followee.id],
      });
    }
    return { changed, following: true, followeeId: followee.id, username: followee.username };
  });
}
