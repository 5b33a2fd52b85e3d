'use client';

import { useId, useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError, INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import type { PeriodSpend, WorkspaceBudgets as Budgets } from '@/lib/budgets/workspace-budgets';

const n = (value: number) => value.toLocaleString('en-US');

function spendLine(label: string, spend: PeriodSpend, timeZone: string): string {
  const resets = new Date(spend.resetsAt).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  if (spend.budget === null) return `${label}: ${n(spend.spent)} credits spent, no budget. The period resets ${resets}.`;
  return `${label}: ${n(spend.spent)} of ${n(spend.budget)} credits spent. Resets ${resets} (${timeZone}).`;
}

/**
 * The workspace's daily and monthly budgets, the time zone their periods follow (keys' budgets
 * too) and the alert percentages (docs/budgets.md). Read-only for roles without billing.manage.
 */
export function WorkspaceBudgets({ initial, timeZones, canManage }: { initial: Budgets; timeZones: string[]; canManage: boolean }) {
  const [budgets, setBudgets] = useState(initial);
  const [daily, setDaily] = useState(initial.day.budget === null ? '' : String(initial.day.budget));
  const [monthly, setMonthly] = useState(initial.month.budget === null ? '' : String(initial.month.budget));
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [percents, setPercents] = useState(initial.alertPercents.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const zoneId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const parts = percents.split(/[,\s%]+/).filter(Boolean);
    if (parts.some((part) => !/^\d+$/.test(part))) {
      setErrors({ alertPercents: 'Enter whole percentages from 1 to 100, separated by commas' });
      return;
    }
    setPending(true);
    setSaved(null);
    const answer = await sendJson<Budgets>('POST', '/api/dashboard/billing/budgets', {
      dailyBudget: daily,
      monthlyBudget: monthly,
      timeZone,
      alertPercents: parts.map(Number),
    });
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    setErrors({});
    setBudgets(answer.data);
    setPercents(answer.data.alertPercents.join(', '));
    setSaved('Budgets saved.');
  }

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-4" noValidate aria-label="Workspace budgets">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Daily budget (credits)" inputMode="numeric" value={daily} onChange={(e) => setDaily(e.target.value)} error={errors.dailyBudget} hint="Empty: no daily budget." disabled={!canManage} />
        <TextField label="Monthly budget (credits)" inputMode="numeric" value={monthly} onChange={(e) => setMonthly(e.target.value)} error={errors.monthlyBudget} hint="Empty: no monthly budget." disabled={!canManage} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={zoneId} className="text-sm font-medium">
            Time zone
          </label>
          <select id={zoneId} className={INPUT_CLASSES} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} disabled={!canManage} aria-invalid={errors.timeZone ? true : undefined}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <p className="text-xs text-slate-500 dark:text-slate-400">Days and months start at midnight here, for the workspace&apos;s and its keys&apos; budgets.</p>
          <FieldError id={`${zoneId}-error`} message={errors.timeZone} />
        </div>
        <TextField label="Alert at (% of a budget)" value={percents} onChange={(e) => setPercents(e.target.value)} error={errors.alertPercents} hint="For example 80, 100. Owners and billing members get a mail; webhooks a budget.threshold event." disabled={!canManage} />
      </div>
      <ul className="text-sm text-slate-600 dark:text-slate-300">
        <li>{spendLine('Today', budgets.day, budgets.timeZone)}</li>
        <li>{spendLine('This month', budgets.month, budgets.timeZone)}</li>
      </ul>
      {canManage && (
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save budgets'}
          </Button>
        </div>
      )}
      <FormAlert tone="error" message={errors.form ?? null} />
      <FormAlert tone="success" message={saved} />
    </form>
  );
}
