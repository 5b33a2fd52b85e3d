import type { ReactNode } from 'react';
import type { User } from '@perch/client';
import { formatDate, formatNumber } from '@/lib/dashboard/format';
import { Avatar } from './avatar';
import { ProfileActions } from './profile-actions';
import { VerifiedBadge } from './verified-badge';

type Props = {
  user: User;
  /** Buttons beside the name (follow…). Defaults to <ProfileActions>, the placeholder issue 6 fills in. */
  actions?: (user: User) => ReactNode;
  /** The signed-in account's connected platform username: no Follow button on its own profile. */
  connectedUsername?: string | null;
};

const SAFE_URL = /^https?:\/\//i;

/** A profile's header: avatar, name and badge, bio, location, link, join date and its numbers. */
export function ProfileHeader({ user, actions, connectedUsername = null }: Props) {
  const figures = [
    { label: 'Followers', value: user.followers_count },
    { label: 'Following', value: user.following_count },
    { label: 'Tweets', value: user.tweet_count },
    { label: 'Likes', value: user.like_count },
    { label: 'Media', value: user.media_count },
    { label: 'Listed', value: user.listed_count },
  ];
  return (
    <header className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="flex min-w-0 items-start gap-4">
        <Avatar name={user.name ?? user.username} username={user.username} url={user.profile_image_url} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h1 className="flex min-w-0 items-center gap-1.5 text-xl font-bold">
                <span className="truncate">{user.name}</span>
                <VerifiedBadge user={user} />
              </h1>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                @{user.username}
                {user.protected && ' · protected'}
              </p>
            </div>
            {actions ? actions(user) : <ProfileActions user={user} connectedUsername={connectedUsername} />}
          </div>
          {user.description && <p className="whitespace-pre-wrap break-words text-sm">{user.description}</p>}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            {user.location && <span>{user.location}</span>}
            {user.url && SAFE_URL.test(user.url) && (
              <a href={user.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline dark:text-brand-500">
                {user.url.replace(/^https?:\/\/(www\.)?/, '')}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <span>Joined {formatDate(user.created_at)}</span>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0 rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{f.label}</dt>
            <dd className="truncate font-semibold tabular-nums">{f.value === null ? '—' : formatNumber(f.value)}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
