'use client';

import { FollowButton } from './follow-button';

/** The write actions of a profile header: follow / unfollow, marked with its cost. */
export function ProfileActions({ username, following = null }: { username: string; following?: boolean | null }) {
  return (
    <div role="group" aria-label="Profile actions" className="flex flex-wrap gap-2">
      <FollowButton username={username} following={following} />
    </div>
  );
}
