import type { Tweet } from '@perch/client';
import { formatCompact, formatNumber } from '@/lib/dashboard/format';
import { Icon, type IconName } from './icons';

type Count = { icon: IconName; value: number | null; label: string };

/** Replies, retweets, quotes, likes and views: compact figures, exact ones for screen readers and on hover. */
export function TweetCounts({ tweet }: { tweet: Tweet }) {
  const counts: Count[] = [
    { icon: 'reply', value: tweet.reply_count, label: 'replies' },
    { icon: 'retweet', value: tweet.retweet_count, label: 'retweets' },
    { icon: 'quote', value: tweet.quote_count, label: 'quotes' },
    { icon: 'like', value: tweet.like_count, label: 'likes' },
    { icon: 'views', value: tweet.view_count, label: 'views' },
  ];
  return (
    <ul aria-label="Engagement" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {counts.map((c) =>
        c.value === null ? null : (
          <li key={c.label} title={`${formatNumber(c.value)} ${c.label}`} className="flex items-center gap-1 tabular-nums">
            <Icon name={c.icon} />
            <span aria-hidden="true">{formatCompact(c.value)}</span>
            <span className="sr-only">
              {formatNumber(c.value)} {c.label}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
