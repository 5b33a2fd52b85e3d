'use client';

import { useId, useMemo, useState } from 'react';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { groupOperations } from '@/lib/playground/group-operations';
import type { OperationView } from '@/lib/playground/types';
import { MethodBadge } from './method-badge';

type Props = { operations: readonly OperationView[]; selected: string; onSelect: (id: string) => void };

/** All operations grouped by tag: a searchable list on wide screens, a native select on phones. */
export function OperationPicker({ operations, selected, onSelect }: Props) {
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupOperations(operations, filter), [operations, filter]);
  const allGroups = useMemo(() => groupOperations(operations), [operations]);
  const searchId = useId();
  const selectId = useId();
  const shown = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <>
      <div className="flex flex-col gap-1.5 lg:hidden">
        <label htmlFor={selectId} className="text-sm font-medium">
          Operation
        </label>
        <select id={selectId} value={selected} onChange={(e) => onSelect(e.target.value)} className={INPUT_CLASSES}>
          {allGroups.map((group) => (
            <optgroup key={group.tag} label={group.tag}>
              {group.operations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.id} ({o.method})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <nav aria-label="Operations" className="hidden min-h-0 flex-col gap-3 lg:flex">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            Find an operation
          </label>
          <input
            id={searchId}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="followers, POST, tweets…"
            className={INPUT_CLASSES}
            aria-describedby={`${searchId}-count`}
          />
          <p id={`${searchId}-count`} className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {shown === operations.length ? `${operations.length} operations` : `${shown} of ${operations.length} operations`}
          </p>
        </div>
        <div className="-mx-1 flex max-h-[calc(100vh-14rem)] flex-col gap-4 overflow-y-auto px-1 pb-2">
          {groups.map((group) => (
            <section key={group.tag} aria-label={group.tag}>
              <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{group.tag}</h2>
              <ul className="flex flex-col gap-0.5">
                {group.operations.map((o) => {
                  const current = o.id === selected;
                  return (
                    <li key={o.id}>
                      <button
                        type="button"
                        onClick={() => onSelect(o.id)}
                        aria-current={current ? 'true' : undefined}
                        title={o.summary}
                        className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-500 ${
                          current ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800/60'
                        }`}
                      >
                        <MethodBadge method={o.method} className="w-14 text-center" />
                        <span className="min-w-0 truncate">{o.id}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
          {shown === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">No operation matches “{filter}”.</p>}
        </div>
      </nav>
    </>
  );
}
