import type { User } from '@perch/client';
import { ProfileActions as WriteActions } from '@/components/writes/profile-actions';

/**
 * The action buttons in a profile header: follow / unfollow as the connected platform account,
 * showing its 100-credit cost (components/writes) and pressed when the record's `viewer` says
 * the account follows this user. On the connected account's own profile there is nothing to
 * follow: a note says whose profile it is instead. ProfileHeader renders it unless its
 * `actions` prop replaces it.
 */
export function ProfileActions({ user, connectedUsername }: { user: User; connectedUsername?: string | null }) {
  if (connectedUsername && connectedUsername.toLowerCase() === user.username.toLowerCase()) {
    return (
      <p className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">Your connected account</p>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <WriteActions username={user.username} following={user.viewer?.following ?? null} />
      {user.viewer?.followed_by && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">Follows you</span>}
    </div>
  );
}
