'use client';

import { relativeTime } from '@/lib/explorer/relative-time';
import { formatDateTime } from '@/lib/dashboard/format';

/** A timeline-style age ("5m") with the full UTC time on hover and for machines. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    // The age depends on the clock at render; server and browser may differ by a second.
    <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {relativeTime(iso, Date.now())}
    </time>
  );
}
