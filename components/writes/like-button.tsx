'use client';

import { Icon } from '@/components/explorer/icons';
import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

const WORDS = { action: 'Like', done: 'Liked', undo: 'Unlike', onOperation: 'likeTweet', offOperation: 'unlikeTweet' };

/** Like / undo like (operations 33 and 34), a write's price a press: "Liked · Unlike 100 cr" once on (at the seed's price). */
export function LikeButton({ tweetId, liked = null, onChange }: { tweetId: string; liked?: boolean | null; onChange?: (liked: boolean) => void }) {
  const path = `tweets/${encodeURIComponent(tweetId)}/like`;
  return (
    <WriteToggleButton
      words={WORDS}
      icon={<Icon name="like" />}
      onIcon={<Icon name="like" className="fill-current" />}
      stateKey={`like:${tweetId}`}
      initial={liked}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? 'Liked' : 'Like undone')}
      onChange={onChange}
    />
  );
}
