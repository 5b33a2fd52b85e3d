'use client';

import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

/** Follow / unfollow (operations 37 and 38), 100 credits a press. */
export function FollowButton({ username, following = null, onChange }: { username: string; following?: boolean | null; onChange?: (following: boolean) => void }) {
  const path = `users/${encodeURIComponent(username.replace(/^@/, ''))}/follow`;
  return (
    <WriteToggleButton
      label="Follow"
      icon="+"
      initial={following}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? `Following @${username}` : `Unfollowed @${username}`)}
      onChange={onChange}
    />
  );
}
