'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { formatDate, formatNumber } from '@/lib/dashboard/format';
import { explorerApi } from '@/lib/explorer/api';
import { COMMUNITY_TABS, communityFeed, pickTab } from '@/lib/explorer/feeds';
import { profileHref } from '@/lib/explorer/links';
import { FetchCost } from './fetch-cost';
import { AskBeforeFetch } from './ask-before-fetch';
import { ExportLinks } from './export-links';
import { FetchError } from './fetch-error';
import { InfiniteFeed } from './infinite-feed';
import { LinkTabs } from './link-tabs';
import { usePaidQuery } from './use-paid-query';

/** A community page: its name, description, rules and creator, then its tweets and members. */
export function CommunityView({ communityId }: { communityId: string }) {
  const tab = pickTab(COMMUNITY_TABS, useSearchParams().get('tab'));
  const community = usePaidQuery([communityId], 'getCommunity', (o) => explorerApi().getCommunity(communityId, {}, o));
  if (community.isError) return <FetchError error={community.error} what={`community ${communityId}`} />;
  if (community.waitingForApproval) return <AskBeforeFetch what="this community" operationId="getCommunity" maxCost={community.maxCost} onApprove={community.approval.approve} />;
  if (!community.data) {
    return (
      <p role="status" className="py-6 text-sm text-slate-500 dark:text-slate-400">
        Loading the community…
      </p>
    );
  }
  const c = community.data.data;
  const label = COMMUNITY_TABS.find((t) => t.id === tab)!.label;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60">
        <h1 className="text-xl font-bold break-words">{c.name}</h1>
        {c.description && <p className="text-sm">{c.description}</p>}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <span>
            <strong className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{formatNumber(c.member_count)}</strong> members
          </span>
          <span>
            Created {formatDate(c.created_at)} by{' '}
            <Link href={profileHref(c.creator.username)} className="text-brand-700 hover:underline dark:text-brand-500">
              @{c.creator.username}
            </Link>
          </span>
        </p>
        {c.rules.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Rules ({c.rules.length})</summary>
            <ol className="mt-2 list-decimal pl-5 text-slate-700 dark:text-slate-300">
              {c.rules.map((rule, i) => (
                <li key={i}>{rule}</li>
              ))}
            </ol>
          </details>
        )}
        <FetchCost operationId="getCommunity" credits={community.data.meta.credits_charged} />
        <ExportLinks label="Export this community" links={[{ label: 'Export members', operation: 'getCommunityMembers', params: { communityId } }]} />
      </header>
      <LinkTabs label="Community sections" tabs={COMMUNITY_TABS} current={tab} />
      <InfiniteFeed key={tab} feed={communityFeed(communityId, tab)} label={`${label} of ${c.name}`} emptyText={`No ${label.toLowerCase()} yet.`} />
    </div>
  );
}
