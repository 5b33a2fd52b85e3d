'use client';

import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

const WORDS = { action: 'Follow', done: 'Following', undo: 'Unfollow', onOperation: 'followUser', offOperation: 'unfollowUser' };

/** Follow / unfollow (operations 37 and 38), a write's price a press: "Following · Unfollow 100 cr" once on (at the seed's price). */
export function FollowButton({ username, following = null, onChange }: { username: string; following?: boolean | null; onChange?: (following: boolean) => void }) {
  const name = username.replace(/^@/, '');
  const path = `users/${encodeURIComponent(name)}/follow`;
  return (
    <WriteToggleButton
      words={WORDS}
      icon="+"
      onIcon="✓"
      stateKey={`follow:${name.toLowerCase()}`}
      initial={following}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? `Following @${name}` : `Unfollowed @${name}`)}
      onChange={onChange}
    />
  );
}
