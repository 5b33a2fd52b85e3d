import { assertUserExists } from './assert-user-exists';
import { lockUsersInIdOrder } from './lock-in-id-order';
import { resolveFollowee, type FollowInput, type FollowChange } from './resolve-followee';
import { inTransaction } from '@/lib/db/transaction';

/** Unfollows a user; unfollowing someone not followed changes nothing. */
export async function unfollowUser(input: FollowInput): Promise<FollowChange> {
  return inTransaction(async (client) => {
    await assertUserExists(client, input.followerId);
    const followee = await resolveFollowee(client, input);
    const deleted = await client.query({
      name: 'write_delete_follow',
      text: 'DELETE FROM platform.follows WHERE follower_id = $1 AND followee_id = $2',
      values: [input.followerId, followee.id],
    });
    const changed = deleted.rowCount === 1;
    if (changed) {
      await lockUsersInIdOrder(client, [input.followerId, followee.id]);
      await client.query({
        name: 'write_follow_counts_down',
        text: `UPDATE platform.users
               SET following_count = GREATEST(following_count - (id = $1)::int, 0),
                   followers_count = GREATEST(followers_count - (id = $2)::int, 0)
               WHERE id = ANY(ARRAY[$1, $2]::bigint[])`,
        values: [input.followerId, followee.id],
      });
    }
    return { changed, following: false, followeeId: followee.id, username: followee.username };
  });
}
