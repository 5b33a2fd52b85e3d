import type { DailyUsageRow } from './daily-usage';
import { countedErrors } from './not-failures';

// Totals of usage_daily rows, by whatever a caller groups them by. Errors are counted as the
// dashboard counts them (not-failures.ts: a validation's 400 is an answer, not an error).

export type UsageFigures = {
  calls: number;
  items: number;
  credits: number;
  errors: number;
  /** The mean latency of the calls (the rollup keeps their sum); null without calls. */
  avgLatencyMs: number | null;
};

type Sums = { calls: number; items: number; credits: number; errors: number; latencyMsSum: number };

const emptySums = (): Sums => ({ calls: 0, items: 0, credits: 0, errors: 0, latencyMsSum: 0 });

function add(sums: Sums, row: DailyUsageRow): void {
  sums.calls += row.calls;
  sums.items += Number(row.items);
  sums.credits += Number(row.credits);
  sums.errors += countedErrors(row.operation, row.errors);
  sums.latencyMsSum += Number(row.latency_ms_sum);
}

function figures(sums: Sums): UsageFigures {
  return { calls: sums.calls, items: sums.items, credits: sums.credits, errors: sums.errors, avgLatencyMs: sums.calls === 0 ? null : Math.round(sums.latencyMsSum / sums.calls) };
}

/** Every row added up. */
export function totalUsage(rows: readonly DailyUsageRow[]): UsageFigures {
  const sums = emptySums();
  for (const row of rows) add(sums, row);
  return figures(sums);
}

/** The rows added up per group (the value `groupOf` gives a row), each with the first row of its group, in first-seen order. */
export function groupUsage(rows: readonly DailyUsageRow[], groupOf: (row: DailyUsageRow) => string): Array<{ group: string; sample: DailyUsageRow; figures: UsageFigures }> {
  const groups = new Map<string, { sample: DailyUsageRow; sums: Sums }>();
  for (const row of rows) {
    const group = groupOf(row);
    const entry = groups.get(group) ?? { sample: row, sums: emptySums() };
    add(entry.sums, row);
    groups.set(group, entry);
  }
  return [...groups].map(([group, { sample, sums }]) => ({ group, sample, figures: figures(sums) }));
}

/** The UTC days from `from` to `to` (`YYYY-MM-DD`, both included), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
