import Link from 'next/link';
import type { User } from '@perch/client';
import { formatCompact, formatNumber } from '@/lib/dashboard/format';
import { profileHref } from '@/lib/explorer/links';
import { Avatar } from './avatar';
import { VerifiedBadge } from './verified-badge';

// A count the platform did not give (null) is unknown, not zero: show a dash.
function compactOrDash(value: number | null): string {
  return value === null ? '—' : formatCompact(value);
}

/** A user in a list (search results, followers, members): links to the profile. */
export function UserRow({ user }: { user: User }) {
  return (
    <article aria-label={`@${user.username}`} className="flex min-w-0 gap-3 border-b border-slate-200 px-1 py-3 dark:border-slate-800">
      <Avatar name={user.name ?? user.username} username={user.username} url={user.profile_image_url} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-1.5">
          <Link href={profileHref(user.username)} className="flex min-w-0 items-center gap-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            <span className="truncate">{user.name}</span>
            <VerifiedBadge user={user} />
          </Link>
          <span className="truncate text-sm text-slate-500 dark:text-slate-400">@{user.username}</span>
          {user.protected && <span className="text-xs text-slate-500">(protected)</span>}
        </div>
        {user.description && <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{user.description}</p>}
        <p className="text-xs text-slate-500 dark:text-slate-400" title={user.followers_count === null ? undefined : `${formatNumber(user.followers_count)} followers`}>
          <span className="font-medium text-slate-700 tabular-nums dark:text-slate-300">{compactOrDash(user.followers_count)}</span> followers ·{' '}
          <span className="font-medium text-slate-700 tabular-nums dark:text-slate-300">{compactOrDash(user.following_count)}</span> following
        </p>
      </div>
    </article>
  );
}
