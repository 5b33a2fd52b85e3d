'use client';

import Link from 'next/link';
import type { InputOf } from '@perch/client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';
import { explorerApi } from '@/lib/explorer/api';
import { searchHref } from '@/lib/explorer/search-state';
import { FetchCost } from './fetch-cost';
import { AskBeforeFetch } from './ask-before-fetch';
import { FetchError } from './fetch-error';
import { usePaidQuery } from './use-paid-query';

type Place = { name: string; code: string };
// The API's document lists the trend places; these come from the same list (lib/platform/countries.ts).
type TrendCountry = NonNullable<InputOf<'getTrending'>['country']>;

/** Trending hashtags for Worldwide or one of the 64 countries; each pick is one call at getTrending's price. */
export function TrendsView({ places }: { places: Place[] }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const requested = params.get('country') ?? 'Worldwide';
  const place = places.find((p) => p.name === requested || p.code === requested.toUpperCase()) ?? places[0];
  const trends = usePaidQuery([place.name], 'getTrending', (o) => explorerApi().getTrending({ country: place.name as TrendCountry, count: 20 }, o));
  const choose = (name: string) => router.replace(name === 'Worldwide' ? pathname : `${pathname}?country=${encodeURIComponent(name)}`, { scroll: false });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-bold">Trends</h1>
        <div className="flex w-full flex-col gap-1 sm:w-72">
          <label htmlFor="ex-country" className="text-sm font-medium">
            Country
          </label>
          <select id="ex-country" value={place.name} onChange={(e) => choose(e.target.value)} className={INPUT_CLASSES} aria-describedby="ex-country-hint">
            {places.map((p) => (
              <option key={p.code} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
          <p id="ex-country-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {places.length - 1} countries and Worldwide · {trends.maxCost.toLocaleString('en-US')} credits per load
          </p>
        </div>
      </div>
      {trends.isError && <FetchError error={trends.error} />}
      {trends.waitingForApproval && <AskBeforeFetch what={`trends for ${place.name}`} operationId="getTrending" maxCost={trends.maxCost} onApprove={trends.approval.approve} />}
      {trends.isPending && !trends.waitingForApproval && (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Loading trends for {place.name}…
        </p>
      )}
      {trends.data && (
        <section aria-label={`Trends in ${trends.data.data.country}`} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {trends.data.data.country} · as of {formatDateTime(trends.data.data.as_of)} · last 24 hours
          </p>
          {trends.data.data.trends.length === 0 ? (
            <p className="py-4 text-sm text-slate-500 dark:text-slate-400">No hashtags trending here right now.</p>
          ) : (
            <ol className="flex flex-col">
              {trends.data.data.trends.map((trend) => (
                <li key={trend.rank} className="flex min-w-0 items-baseline gap-3 border-b border-slate-100 py-2 last:border-0 dark:border-slate-800/60">
                  <span className="w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums">{trend.rank}</span>
                  <Link href={searchHref(trend.query)} className="min-w-0 flex-1 truncate font-medium text-brand-700 hover:underline dark:text-brand-500">
                    {trend.name}
                  </Link>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">{trend.tweet_count === null ? '—' : `${formatNumber(trend.tweet_count)} ${trend.tweet_count === 1 ? 'tweet' : 'tweets'}`}</span>
                </li>
              ))}
            </ol>
          )}
          <FetchCost operationId="getTrending" credits={trends.data.meta.credits_charged} />
        </section>
      )}
    </div>
  );
}
