'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSpendingPreferences } from './credit-meter';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * Whether a fetch that can cost `maxCost` credits may run: at once when it is within the
 * user's threshold, otherwise once they said yes. `askKey` names the fetch: a new one asks anew.
 */
export function useSpendApproval(askKey: string, maxCost: number): { approved: boolean; approve: () => void } {
  const [preferences] = useSpendingPreferences();
  const [approvedKey, setApprovedKey] = useState<string | null>(null);
  return { approved: maxCost <= preferences.askAbove || approvedKey === askKey, approve: () => setApprovedKey(askKey) };
}

/** The question before a paid fetch: what it fetches, what it can cost, one button to go ahead. */
export function AskBeforeFetch({ what, operationId, maxCost, detail, onApprove }: { what: string; operationId: string; maxCost: number; detail?: string; onApprove: () => void }) {
  return (
    <div role="group" aria-label={`Load ${what}?`} className="my-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="min-w-0">
        Loading {what} costs up to <strong className="tabular-nums">{n(maxCost)}</strong> credits
        <span className="text-xs text-amber-800 dark:text-amber-200">
          {' '}
          (<span className="font-mono">{operationId}</span>
          {detail ? ` · ${detail}` : ''}; fewer results cost less)
        </span>
      </p>
      <Button variant="primary" className="px-3 py-1.5" onClick={onApprove}>
        Load for up to {n(maxCost)} credits
      </Button>
    </div>
  );
}
