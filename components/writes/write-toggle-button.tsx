'use client';

import { useEffect, useState, type ReactNode } from 'react';
import type { WriteOutcome } from './call-write';
import { CostBadge } from './cost-badge';
import { WriteError } from './write-error';
import { WRITE_COST_LABEL } from './write-cost';

export type WriteToggleProps = {
  /** The visible, constant label ("Like"); aria-pressed carries the state. */
  label: string;
  icon: ReactNode;
  /** Whether it is on now (the record's `viewer`); null when unknown (no connected account). */
  initial: boolean | null;
  turnOn: () => Promise<WriteOutcome<unknown>>;
  turnOff: () => Promise<WriteOutcome<unknown>>;
  /** What the live region says after each change ("Liked", "Like undone"). */
  announce: (on: boolean) => string;
  onChange?: (on: boolean) => void;
};

/**
 * A write as a toggle button: like, retweet, follow. Each press is one 100-credit write
 * through /api/dashboard/v2; the pair is idempotent in the API, so a press on a state that
 * was unknown cannot duplicate anything.
 */
export function WriteToggleButton({ label, icon, initial, turnOn, turnOff, announce, onChange }: WriteToggleProps) {
  const [on, setOn] = useState<boolean | null>(initial);
  // A refreshed record knows better than what this button remembers.
  useEffect(() => setOn(initial), [initial]);
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
    setOn(next);
    // A write that found the state already as asked is free (meta.changed false).
    setStatus(outcome.charged === 0 ? `${announce(next)} already: nothing changed, charged 0 credits.` : `${announce(next)}. Charged ${outcome.charged} credits.`);
    onChange?.(next);
  }

  const pressed = on === true;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        aria-pressed={on === null ? undefined : pressed}
        disabled={pending}
        onClick={() => void toggle()}
        title={`Each press is a write: ${WRITE_COST_LABEL} (free when it changes nothing)`}
        className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-60 ${
          pressed
            ? 'border-brand-600 bg-brand-50 text-brand-700 dark:border-brand-500 dark:bg-brand-500/15 dark:text-brand-500'
            : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'
        }`}
      >
        <span aria-hidden="true">{icon}</span>
        {label}
        <span className="sr-only"> ({WRITE_COST_LABEL})</span>
        <CostBadge />
      </button>
      <span role="status" className="sr-only">
        {status}
      </span>
      {error && <WriteError code={error.code} message={error.message} />}
    </span>
  );
}
