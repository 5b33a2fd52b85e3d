'use client';

import { useState, type ReactNode } from 'react';
import { useRecordChargeIfMetered } from '@/components/explorer/credit-meter';
import type { WriteOutcome } from './call-write';
import { CostBadge } from './cost-badge';
import { WriteError } from './write-error';
import { useWriteCost, writeCostLabel } from './write-cost';
import { setWrittenState, useWrittenState } from './write-state-store';

/** The words of one toggle: "Like" / "Liked" / "Unlike", and the operations each press calls. */
export type ToggleWords = {
  /** What pressing does while off ("Like", "Follow"). */
  action: string;
  /** What it is while on ("Liked", "Following"). */
  done: string;
  /** What pressing does while on ("Unlike", "Unfollow"). */
  undo: string;
  onOperation: string;
  offOperation: string;
};

export type WriteToggleProps = {
  words: ToggleWords;
  icon: ReactNode;
  /** The icon while on (a filled heart, a check); `icon` when not given. */
  onIcon?: ReactNode;
  /** Keys this tab's own writes (components/writes/write-state-store), e.g. `like:123`. */
  stateKey: string;
  /** Whether it is on now (the record's `viewer`); null when unknown (no connected account). */
  initial: boolean | null;
  turnOn: () => Promise<WriteOutcome<unknown>>;
  turnOff: () => Promise<WriteOutcome<unknown>>;
  /** What the live region says after each change ("Liked", "Like undone"). */
  announce: (on: boolean) => string;
  onChange?: (on: boolean) => void;
};

/**
 * A write as a button that says its state: "Like · 100 cr" while off, "Liked · Unlike 100 cr"
 * while on (the state, then what a press does and costs). Each press is one write through
 * /api/dashboard/v2, and its charge goes into the explorer's "Spent here"; the pair is
 * idempotent in the API, so a press on a state that was unknown cannot duplicate anything.
 */
export function WriteToggleButton({ words, icon, onIcon, stateKey, initial, turnOn, turnOff, announce, onChange }: WriteToggleProps) {
  // This tab's last write on the same record is newer than a record shown from the cache.
  const written = useWrittenState(stateKey);
  const on = written ?? initial;
  const record = useRecordChargeIfMetered();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [status, setStatus] = useState('');

  async function toggle() {
    const next = on !== true;
    setPending(true);
    setError(null);
    const outcome = next ? await turnOn() : await turnOff();
    setPending(false);
    if (!outcome.ok) {
      setError(outcome);
      return;
    }
    record({ operationId: next ? words.onOperation : words.offOperation, credits: outcome.charged, items: 1 });
    setWrittenState(stateKey, next);
    // A write that found the state already as asked is free (meta.changed false).
    setStatus(outcome.charged === 0 ? `${announce(next)} already: nothing changed, charged 0 credits.` : `${announce(next)}. Charged ${outcome.charged} credits.`);
    onChange?.(next);
  }

  const isOn = on === true;
  // What a press costs: the operation it calls, at the workspace's price.
  const cost = useWriteCost(isOn ? words.offOperation : words.onOperation);
  const WRITE_COST_LABEL = writeCostLabel(cost);
  // The name says the state and what a press does, so no aria-pressed beside a changing label.
  const name = isOn ? `${words.done}. ${words.undo} (${WRITE_COST_LABEL})` : `${words.action} (${WRITE_COST_LABEL})`;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        aria-label={name}
        data-state={on === null ? 'unknown' : isOn ? 'on' : 'off'}
        disabled={pending}
        onClick={() => void toggle()}
        title={isOn ? `${words.undo}: a write, ${WRITE_COST_LABEL} (free when it changes nothing)` : `Each press is a write: ${WRITE_COST_LABEL} (free when it changes nothing)`}
        className={`group inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-60 ${
          isOn
            ? 'border-brand-600 bg-brand-50 text-brand-700 hover:border-red-400 hover:bg-red-50 dark:border-brand-500 dark:bg-brand-500/15 dark:text-brand-500 dark:hover:bg-red-500/10'
            : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'
        }`}
      >
        <span aria-hidden="true">{isOn ? (onIcon ?? icon) : icon}</span>
        {isOn ? (
          <>
            <span aria-hidden="true">{words.done}</span>
            <span aria-hidden="true" className="rounded bg-white/70 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 group-hover:text-red-700 group-focus-visible:text-red-700 dark:bg-slate-900/60 dark:text-slate-300 dark:group-hover:text-red-400">
              {words.undo} · {cost.toLocaleString('en-US')} cr
            </span>
          </>
        ) : (
          <>
            <span aria-hidden="true">{words.action}</span>
            <CostBadge credits={cost} />
          </>
        )}
      </button>
      <span role="status" className="sr-only">
        {status}
      </span>
      {error && <WriteError code={error.code} message={error.message} />}
    </span>
  );
}
