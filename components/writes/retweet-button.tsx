'use client';

import { Icon } from '@/components/explorer/icons';
import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

/** Retweet / undo retweet (operations 35 and 36), 100 credits a press. */
export function RetweetButton({ tweetId, retweeted = null, onChange }: { tweetId: string; retweeted?: boolean | null; onChange?: (retweeted: boolean) => void }) {
  const path = `tweets/${encodeURIComponent(tweetId)}/retweet`;
  return (
    <WriteToggleButton
      label="Retweet"
      icon={<Icon name="retweet" />}
      initial={retweeted}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? 'Retweeted' : 'Retweet undone')}
      onChange={onChange}
    />
  );
}
