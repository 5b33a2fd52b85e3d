'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { tweetSearchFeed, userSearchFeed } from '@/lib/explorer/feeds';
import { communityHref, listHref, profileHref, tweetHref } from '@/lib/explorer/links';
import { readSearchState, searchStateQuery, type SearchState } from '@/lib/explorer/search-state';
import type { Samples } from '@/lib/platform/local/get-samples';
import { InfiniteFeed } from './infinite-feed';
import { SearchForm } from './search-form';

function Chip({ href, children }: { href: string; children: string }) {
  return (
    <li className="min-w-0 max-w-full">
      <Link href={href} className="inline-block max-w-full truncate rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:hover:bg-slate-800">
        {children}
      </Link>
    </li>
  );
}

type Names = { lists: Record<string, string>; communities: Record<string, string>; tweets: Record<string, string> };

function StartingPoints({ samples, names }: { samples: Samples; names: Names }) {
  const groups = [
    { title: 'Profiles', links: samples.usernames.map((u) => ({ href: profileHref(u), text: `@${u}` })) },
    { title: 'Busy tweets', links: samples.tweet_ids.slice(0, 3).map((id, i) => ({ href: tweetHref(id), text: names.tweets[id] ?? `Tweet ${i + 1}` })) },
    { title: 'Lists', links: samples.list_ids.slice(0, 3).map((id) => ({ href: listHref(id), text: names.lists[id] ?? `List ${id}` })) },
    { title: 'Communities', links: samples.community_ids.slice(0, 3).map((id) => ({ href: communityHref(id), text: names.communities[id] ?? `Community ${id}` })) },
  ].filter((g) => g.links.length > 0);
  return (
    <section aria-labelledby="ex-start" className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 p-4 dark:border-slate-700">
      <h2 id="ex-start" className="text-sm font-semibold">
        Start somewhere real
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Search above, or open one of this deployment’s busiest accounts, tweets, lists and communities. Opening a page fetches it, and every fetch is charged.</p>
      {groups.map((group) => (
        <div key={group.title} className="flex flex-col gap-1.5">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{group.title}</h3>
          <ul className="flex flex-wrap gap-2">
            {group.links.map((link) => (
              <Chip key={link.href} href={link.href}>
                {link.text}
              </Chip>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The explorer's search page: the form, its results with infinite scroll, or starting points before a search. */
export function ExploreSearch({ samples, names = { lists: {}, communities: {}, tweets: {} } }: { samples: Samples; names?: Names }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = readSearchState(new URLSearchParams(params.toString()));
  const query = searchStateQuery(state);
  const search = (next: SearchState) => router.push(`${pathname}?${searchStateQuery(next)}`);
  const hasQuery = state.q.trim() !== '';
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {/* Keyed by the address: a hashtag link or Back loads that search into the form. */}
      <SearchForm key={`form-${query}`} initial={state} onSearch={search} />
      {!hasQuery && <StartingPoints samples={samples} names={names} />}
      {hasQuery && state.type === 'tweets' && (
        <InfiniteFeed key={`feed-${query}`} feed={tweetSearchFeed(state)} label={`Tweets matching ${state.q}`} emptyText="No tweets match. Try fewer filters or another query." />
      )}
      {hasQuery && state.type === 'users' && (
        <InfiniteFeed key={`feed-${query}`} feed={userSearchFeed(state.q, state.userSort)} label={`Users matching ${state.q}`} emptyText="No users match." />
      )}
    </div>
  );
}
