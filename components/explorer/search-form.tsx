'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { searchStateErrors, TWEET_SORTS, USER_SORTS, type SearchState } from '@/lib/explorer/search-state';

type Props = { initial: SearchState; onSearch: (state: SearchState) => void };

const SORT_LABELS: Record<string, string> = { latest: 'Latest', popular: 'Most liked', engagement: 'Most engagement', default: 'Relevance', followers: 'Most followers', name: 'Name (A→Z)' };

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Tweet and user search with the tweet filters; checked before it spends credits. */
export function SearchForm({ initial, onSearch }: Props) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = searchStateErrors(draft);
  const shown = submitted ? errors : {};
  const set = <K extends keyof SearchState>(key: K, value: SearchState[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    onSearch(draft);
  };
  const invalid = (key: keyof typeof errors) => (shown[key] ? { 'aria-invalid': true as const, 'aria-describedby': `ex-${key}-error` } : {});
  return (
    <form role="search" aria-label="Search tweets and users" onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60">
      <fieldset className="flex gap-1 self-start rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        <legend className="sr-only">Search for</legend>
        {(['tweets', 'users'] as const).map((type) => (
          <label key={type} className={`cursor-pointer rounded-md px-3 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${draft.type === type ? 'bg-white shadow-sm dark:bg-slate-900' : 'text-slate-600 dark:text-slate-400'}`}>
            <input type="radio" name="ex-type" value={type} checked={draft.type === type} onChange={() => set('type', type)} className="sr-only" />
            {type === 'tweets' ? 'Tweets' : 'Users'}
          </label>
        ))}
      </fieldset>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="ex-q" className="sr-only">
            {draft.type === 'tweets' ? 'Search tweets' : 'Search users'}
          </label>
          <input
            id="ex-q"
            type="search"
            value={draft.q}
            onChange={(e) => set('q', e.target.value)}
            placeholder={draft.type === 'tweets' ? '#hashtag, words, "a phrase", from:user, lang:en…' : 'Name, username or words from a bio'}
            className={INPUT_CLASSES}
            {...invalid('q')}
          />
          <ErrorText id="ex-q-error" message={shown.q} />
        </div>
        <Button type="submit" className="shrink-0">
          Search
        </Button>
      </div>
      {draft.type === 'tweets' ? (
        <div className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="ex-sort" className="text-xs font-medium">
              Sort
            </label>
            <select id="ex-sort" value={draft.sort} onChange={(e) => set('sort', e.target.value as SearchState['sort'])} className={INPUT_CLASSES}>
              {TWEET_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="ex-lang" className="text-xs font-medium">
              Language
            </label>
            <input id="ex-lang" value={draft.lang} onChange={(e) => set('lang', e.target.value)} placeholder="any (e.g. en)" className={INPUT_CLASSES} autoComplete="off" {...invalid('lang')} />
            <ErrorText id="ex-lang-error" message={shown.lang} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="ex-min-likes" className="text-xs font-medium">
              Min. likes
            </label>
            <input id="ex-min-likes" inputMode="numeric" value={draft.minLikes} onChange={(e) => set('minLikes', e.target.value)} placeholder="0" className={INPUT_CLASSES} {...invalid('minLikes')} />
            <ErrorText id="ex-minLikes-error" message={shown.minLikes} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="ex-min-retweets" className="text-xs font-medium">
              Min. retweets
            </label>
            <input id="ex-min-retweets" inputMode="numeric" value={draft.minRetweets} onChange={(e) => set('minRetweets', e.target.value)} placeholder="0" className={INPUT_CLASSES} {...invalid('minRetweets')} />
            <ErrorText id="ex-minRetweets-error" message={shown.minRetweets} />
          </div>
          <label className="col-span-2 flex items-center gap-2 text-sm sm:col-span-1">
            <input type="checkbox" checked={draft.replies} onChange={(e) => set('replies', e.target.checked)} />
            Include replies
          </label>
          <label className="col-span-2 flex items-center gap-2 text-sm sm:col-span-1">
            <input type="checkbox" checked={draft.retweets} onChange={(e) => set('retweets', e.target.checked)} />
            Include retweets
          </label>
        </div>
      ) : (
        <div className="flex max-w-xs flex-col gap-1">
          <label htmlFor="ex-user-sort" className="text-xs font-medium">
            Sort
          </label>
          <select id="ex-user-sort" value={draft.userSort} onChange={(e) => set('userSort', e.target.value as SearchState['userSort'])} className={INPUT_CLASSES}>
            {USER_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Each page costs up to {draft.type === 'tweets' ? '20 tweets × 15 = 300' : '20 profiles × 18 = 360'} credits; you pay only for results returned.
      </p>
    </form>
  );
}
