import type { User } from '@perch/client';
import { ProfileActions as WriteActions } from '@/components/writes/profile-actions';

/**
 * The action buttons in a profile header: follow / unfollow as the connected platform account,
 * showing its 100-credit cost (components/writes). ProfileHeader renders it unless its
 * `actions` prop replaces it.
 */
export function ProfileActions({ user }: { user: User }) {
  return <WriteActions username={user.username} />;
}
