'use client';

import { useSearchParams } from 'next/navigation';
import { LIST_TABS, listFeed, pickTab } from '@/lib/explorer/feeds';
import { ExportLinks } from './export-links';
import { InfiniteFeed } from './infinite-feed';
import { LinkTabs } from './link-tabs';

/**
 * A list page: the members' tweets, the members and the subscribers (the API has no call for a
 * list's own details; its name, when the page knows it, heads the page).
 */
export function ListView({ listId, name = null }: { listId: string; name?: string | null }) {
  const tab = pickTab(LIST_TABS, useSearchParams().get('tab'));
  const label = LIST_TABS.find((t) => t.id === tab)!.label;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-2">
        <div>
          <h1 className="text-xl font-bold">{name ?? `List ${listId}`}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{name ? `List ${listId}: tweets` : 'Tweets'} by its members, its members and its subscribers.</p>
        </div>
        <ExportLinks label="Export this list" links={[{ label: 'Export members', operation: 'getListMembers', params: { listId } }]} />
      </header>
      <LinkTabs label="List sections" tabs={LIST_TABS} current={tab} />
      <InfiniteFeed key={tab} feed={listFeed(listId, tab)} label={`${label} of list ${listId}`} emptyText={`No ${label.toLowerCase()} yet.`} />
    </div>
  );
}
