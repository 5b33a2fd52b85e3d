'use client';

import { Icon } from '@/components/explorer/icons';
import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

/** Like / undo like (operations 33 and 34), 100 credits a press. */
export function LikeButton({ tweetId, liked = null, onChange }: { tweetId: string; liked?: boolean | null; onChange?: (liked: boolean) => void }) {
  const path = `tweets/${encodeURIComponent(tweetId)}/like`;
  return (
    <WriteToggleButton
      label="Like"
      icon={<Icon name="like" />}
      initial={liked}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? 'Liked' : 'Like undone')}
      onChange={onChange}
    />
  );
}
