import type { ReactNode } from 'react';

// http(s) URLs in a mail's text; a trailing period, comma or bracket is the sentence's, not the link's.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Text with every http(s) URL in it as a link (the admin Outbox's mails: confirmation and reset links). */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={url} className="text-brand-700 underline underline-offset-2 dark:text-brand-500">
        {url}
      </a>,
    );
    at = start + url.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
