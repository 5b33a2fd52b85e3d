'use client';

import { useSearchParams } from 'next/navigation';
import { explorerApi } from '@/lib/explorer/api';
import { PROFILE_TABS, pickTab, profileFeed } from '@/lib/explorer/feeds';
import { FetchCost } from './fetch-cost';
import { AskBeforeFetch } from './ask-before-fetch';
import { ExportLinks } from './export-links';
import { FetchError } from './fetch-error';
import { InfiniteFeed } from './infinite-feed';
import { LinkTabs } from './link-tabs';
import { ProfileHeader } from './profile-header';
import { usePaidQuery } from './use-paid-query';

/** A profile page: the header with its numbers, and a tab per timeline and follower list. */
export function ProfileView({ username, connectedUsername = null }: { username: string; connectedUsername?: string | null }) {
  const tab = pickTab(PROFILE_TABS, useSearchParams().get('tab'));
  const profile = usePaidQuery([username.toLowerCase()], 'getUser', (o) => explorerApi().getUser(username, {}, o));
  if (profile.isError) return <FetchError error={profile.error} what={`@${username}`} />;
  if (profile.waitingForApproval) return <AskBeforeFetch what={`@${username}’s profile`} operationId="getUser" maxCost={profile.maxCost} onApprove={profile.approval.approve} />;
  const label = PROFILE_TABS.find((t) => t.id === tab)!.label;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {profile.data ? (
        <div className="flex flex-col gap-1">
          <ProfileHeader user={profile.data.data} connectedUsername={connectedUsername} />
          <FetchCost operationId="getUser" credits={profile.data.meta.credits_charged} />
          <ExportLinks
            label={`Export @${profile.data.data.username}'s data`}
            links={[
              { label: 'Export followers', operation: 'getUserFollowers', params: { username: profile.data.data.username } },
              { label: 'Export following', operation: 'getUserFollowing', params: { username: profile.data.data.username } },
              { label: 'Export tweets', operation: 'getUserTweets', params: { username: profile.data.data.username } },
            ]}
          />
        </div>
      ) : (
        <p role="status" className="py-6 text-sm text-slate-500 dark:text-slate-400">
          Loading @{username}…
        </p>
      )}
      {profile.data && (
        <>
          <LinkTabs label="Profile sections" tabs={PROFILE_TABS} current={tab} />
          <InfiniteFeed key={tab} feed={profileFeed(profile.data.data.username, tab)} label={`${label} of @${profile.data.data.username}`} emptyText={`Nothing under ${label.toLowerCase()} yet.`} />
        </>
      )}
    </div>
  );
}
