'use client';

import { Icon } from '@/components/explorer/icons';
import { callWrite } from './call-write';
import { WriteToggleButton } from './write-toggle-button';

const WORDS = { action: 'Retweet', done: 'Retweeted', undo: 'Undo retweet', onOperation: 'retweetTweet', offOperation: 'unretweetTweet' };

/** Retweet / undo retweet (operations 35 and 36), a write's price a press: "Retweeted · Undo retweet 100 cr" once on (at the seed's price). */
export function RetweetButton({ tweetId, retweeted = null, onChange }: { tweetId: string; retweeted?: boolean | null; onChange?: (retweeted: boolean) => void }) {
  const path = `tweets/${encodeURIComponent(tweetId)}/retweet`;
  return (
    <WriteToggleButton
      words={WORDS}
      icon={<Icon name="retweet" />}
      stateKey={`retweet:${tweetId}`}
      initial={retweeted}
      turnOn={() => callWrite('POST', path)}
      turnOff={() => callWrite('DELETE', path)}
      announce={(on) => (on ? 'Retweeted' : 'Retweet undone')}
      onChange={onChange}
    />
  );
}
