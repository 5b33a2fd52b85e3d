'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type Charge = { operationId: string; credits: number; items: number };

/** How the explorer spends: ask before any fetch that can cost more than `askAbove` credits; load further pages on scroll or only on "Load more". */
export type SpendingPreferences = { askAbove: number; autoLoad: boolean };

type Meter = {
  total: number;
  calls: number;
  last: Charge | null;
  record: (charge: Charge) => void;
  preferences: SpendingPreferences;
  setPreferences: (preferences: SpendingPreferences) => void;
};

const MeterContext = createContext<Meter | null>(null);

// Kept per browser tab, so the total survives a reload of an explorer page but not a new tab.
const STORAGE_KEY = 'perch.explorer.credits';
// A preference, kept in the browser beyond the session.
const PREFERENCES_KEY = 'perch.explorer.spending';

/** Fetches costing up to this much go ahead; anything dearer (a page of tweets, trends) is asked first. */
export const DEFAULT_PREFERENCES: SpendingPreferences = { askAbove: 50, autoLoad: false };

function readPreferences(): SpendingPreferences {
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null') as Partial<SpendingPreferences> | null;
    return {
      askAbove: typeof parsed?.askAbove === 'number' && parsed.askAbove >= 0 ? parsed.askAbove : DEFAULT_PREFERENCES.askAbove,
      autoLoad: typeof parsed?.autoLoad === 'boolean' ? parsed.autoLoad : DEFAULT_PREFERENCES.autoLoad,
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Holds the explorer's running credit total across its pages (it lives in the explorer layout). */
export function CreditMeterProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ total: number; calls: number; last: Charge | null }>({ total: 0, calls: 0, last: null });
  const [preferences, setPreferencesState] = useState<SpendingPreferences>(DEFAULT_PREFERENCES);
  useEffect(() => setPreferencesState(readPreferences()), []);
  const setPreferences = useCallback((next: SpendingPreferences) => {
    setPreferencesState(next);
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next));
  }, []);
  useEffect(() => {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (!saved) return;
    const parsed = JSON.parse(saved) as { total?: unknown; calls?: unknown };
    if (typeof parsed.total === 'number' && typeof parsed.calls === 'number') {
      const { total, calls } = parsed;
      // Only into a fresh meter: effects run twice in development, and the saved total must count once.
      setState((current) => (current.calls === 0 ? { total, calls, last: null } : current));
    }
  }, []);
  useEffect(() => {
    if (state.calls > 0) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ total: state.total, calls: state.calls }));
  }, [state.total, state.calls]);
  const record = useCallback((charge: Charge) => setState((s) => ({ total: s.total + charge.credits, calls: s.calls + 1, last: charge })), []);
  const value = useMemo(() => ({ ...state, record, preferences, setPreferences }), [state, record, preferences, setPreferences]);
  return <MeterContext.Provider value={value}>{children}</MeterContext.Provider>;
}

/** Adds a call's charge (a fetch or a write) to the running total. */
export function useRecordCharge(): (charge: Charge) => void {
  const meter = useContext(MeterContext);
  if (!meter) throw new Error('useRecordCharge outside CreditMeterProvider');
  return meter.record;
}

const ignoreCharge = () => {};

/**
 * Adds a charge to the running total when inside the explorer (its write buttons), and does
 * nothing elsewhere (the same buttons on the Connections page have no meter).
 */
export function useRecordChargeIfMetered(): (charge: Charge) => void {
  return useContext(MeterContext)?.record ?? ignoreCharge;
}

/** The explorer's spending preferences and their setter. */
export function useSpendingPreferences(): [SpendingPreferences, (preferences: SpendingPreferences) => void] {
  const meter = useContext(MeterContext);
  if (!meter) throw new Error('useSpendingPreferences outside CreditMeterProvider');
  return [meter.preferences, meter.setPreferences];
}

const n = (value: number) => value.toLocaleString('en-US');

const ASK_CHOICES = [
  { value: 0, label: 'every paid fetch' },
  { value: 50, label: 'fetches over 50 credits' },
  { value: 300, label: 'fetches over 300 credits' },
  { value: Number.MAX_SAFE_INTEGER, label: 'never' },
];

/** Where the user decides when the explorer asks before spending, and whether pages load on scroll. */
export function SpendingSettings() {
  const [preferences, setPreferences] = useSpendingPreferences();
  const current = ASK_CHOICES.find((c) => c.value === preferences.askAbove) ? preferences.askAbove : DEFAULT_PREFERENCES.askAbove;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      <label className="flex items-center gap-1">
        Ask before
        <select
          value={current}
          onChange={(e) => setPreferences({ ...preferences, askAbove: Number(e.target.value) })}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
        >
          {ASK_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={preferences.autoLoad} onChange={(e) => setPreferences({ ...preferences, autoLoad: e.target.checked })} />
        Load more pages as I scroll
      </label>
    </div>
  );
}

/** The running total and the last fetch's cost, announced politely as they change. */
export function CreditMeter() {
  const meter = useContext(MeterContext);
  if (!meter) return null;
  return (
    <div role="status" aria-label="Credits spent in the explorer" className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
      <span>
        Spent here: <strong data-testid="explorer-total" className="tabular-nums">{n(meter.total)}</strong> credits
        <span className="text-slate-500 dark:text-slate-400"> in {n(meter.calls)} {meter.calls === 1 ? 'call' : 'calls'}</span>
      </span>
      {meter.last && (
        <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">
          last: <span className="font-mono">{meter.last.operationId}</span> · {n(meter.last.items)} {meter.last.items === 1 ? 'item' : 'items'} · {n(meter.last.credits)} credits
        </span>
      )}
    </div>
  );
}
