'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type Charge = { operationId: string; credits: number; items: number };

type Meter = { total: number; calls: number; last: Charge | null; record: (charge: Charge) => void };

const MeterContext = createContext<Meter | null>(null);

// Kept per browser tab, so the total survives a reload of an explorer page but not a new tab.
const STORAGE_KEY = 'perch.explorer.credits';

/** Holds the explorer's running credit total across its pages (it lives in the explorer layout). */
export function CreditMeterProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ total: number; calls: number; last: Charge | null }>({ total: 0, calls: 0, last: null });
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
  const value = useMemo(() => ({ ...state, record }), [state, record]);
  return <MeterContext.Provider value={value}>{children}</MeterContext.Provider>;
}

/** Adds a fetch's charge to the running total. */
export function useRecordCharge(): (charge: Charge) => void {
  const meter = useContext(MeterContext);
  if (!meter) throw new Error('useRecordCharge outside CreditMeterProvider');
  return meter.record;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The running total and the last fetch's cost, announced politely as they change. */
export function CreditMeter() {
  const meter = useContext(MeterContext);
  if (!meter) return null;
  return (
    <div role="status" aria-label="Credits spent in the explorer" className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
      <span>
        Spent here: <strong data-testid="explorer-total" className="tabular-nums">{n(meter.total)}</strong> credits
        <span className="text-slate-500 dark:text-slate-400"> in {n(meter.calls)} {meter.calls === 1 ? 'fetch' : 'fetches'}</span>
      </span>
      {meter.last && (
        <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">
          last: <span className="font-mono">{meter.last.operationId}</span> · {n(meter.last.items)} {meter.last.items === 1 ? 'item' : 'items'} · {n(meter.last.credits)} credits
        </span>
      )}
    </div>
  );
}
