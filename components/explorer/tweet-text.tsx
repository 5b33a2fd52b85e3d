import Link from 'next/link';
import type { Tweet } from '@perch/client';
import { cashtagHref, hashtagHref, profileHref } from '@/lib/explorer/links';
import { segmentText } from '@/lib/explorer/segment-text';

const LINK = 'text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-500';

/** A tweet's text with hashtags (→ search), mentions (→ profile) and links (→ new tab) made clickable. */
export function TweetText({ tweet, className = '' }: { tweet: Pick<Tweet, 'text' | 'entities'>; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap break-words ${className}`}>
      {segmentText(tweet.text, tweet.entities).map((segment, i) => {
        switch (segment.kind) {
          case 'hashtag':
            return (
              <Link key={i} href={hashtagHref(segment.tag)} className={LINK}>
                {segment.text}
              </Link>
            );
          case 'cashtag':
            return (
              <Link key={i} href={cashtagHref(segment.tag)} className={LINK}>
                {segment.text}
              </Link>
            );
          case 'mention':
            return (
              <Link key={i} href={profileHref(segment.username)} className={LINK}>
                {segment.text}
              </Link>
            );
          case 'url':
            return (
              <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer" className={LINK}>
                {segment.text}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            );
          default:
            return <span key={i}>{segment.text}</span>;
        }
      })}
    </p>
  );
}
