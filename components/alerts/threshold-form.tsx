'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { BalanceStatus } from '@/lib/alerts/balance-alert';
import { BALANCE_STATUS_QUERY } from './balance-status-query';

/** Sets the credit balance under which the dashboard warns (0: never). */
export function ThresholdForm({ initial }: { initial: BalanceStatus }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...BALANCE_STATUS_QUERY, initialData: initial });
  const [value, setValue] = useState(String(initial.threshold));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setSaved(null);
    const answer = await sendJson<BalanceStatus>('PATCH', '/api/dashboard/billing/alert', { threshold: value });
    setPending(false);
    if (!answer.ok) {
      setError(answer.errors.threshold ?? answer.message);
      return;
    }
    setError(undefined);
    queryClient.setQueryData(BALANCE_STATUS_QUERY.queryKey, answer.data);
    setSaved(answer.data.threshold === 0 ? 'Low-balance alerts are off.' : `You will be warned below ${answer.data.threshold.toLocaleString('en-US')} credits.`);
  }

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Warn me below (credits)"
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          hint={data.low ? 'Your balance is below this now.' : '0 turns the alert off.'}
          className="w-56"
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Your webhook endpoints also get one signed <code>account.balance_low</code> event each time the balance falls below it (free).
      </p>
      <FormAlert tone="success" message={saved} />
    </form>
  );
}
