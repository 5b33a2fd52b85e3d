'use client';

import { useRef, useState, type KeyboardEvent } from 'react';
import type { PlannedCall } from '@/lib/playground/build-call';
import { SNIPPET_LANGUAGES, snippetFor, type SnippetLanguage } from '@/lib/playground/snippets';
import { CopyButton } from './copy-button';

/** The current call as curl, TypeScript and Python, in tabs (arrow keys move between them). */
export function SnippetTabs({ call, baseUrl }: { call: PlannedCall | null; baseUrl: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + SNIPPET_LANGUAGES.length) % SNIPPET_LANGUAGES.length;
    setLanguage(SNIPPET_LANGUAGES[next].id);
    tabs.current[next]?.focus();
  };
  const code = call ? snippetFor(language, call, baseUrl) : null;
  const label = SNIPPET_LANGUAGES.find((l) => l.id === language)!.label;
  return (
    <section aria-labelledby="pg-snippets" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pg-snippets" className="text-base font-semibold">
          Code
        </h2>
        {code && <CopyButton text={code} label={`Copy ${label}`} />}
      </div>
      <div role="tablist" aria-label="Snippet language" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {SNIPPET_LANGUAGES.map((l, i) => {
          const selected = l.id === language;
          return (
            <button
              key={l.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`pg-tab-${l.id}`}
              aria-selected={selected}
              aria-controls="pg-snippet-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => setLanguage(l.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                selected ? 'border-brand-600 text-slate-900 dark:text-white' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
              }`}
            >
              {l.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="pg-snippet-panel" aria-labelledby={`pg-tab-${language}`}>
        {code ? (
          <pre tabIndex={0} aria-label={`${label} snippet`} className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
            <code>{code}</code>
          </pre>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Fix the highlighted fields to see the code for this call.</p>
        )}
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Set <code className="font-mono">PERCH_API_KEY</code> to one of your keys first: the snippets never contain a key.
        </p>
      </div>
    </section>
  );
}
