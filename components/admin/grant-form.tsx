'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import { formatNumber } from '@/lib/dashboard/format';

type Granted = { email: string; amount: number; balance: number };

/** Grants credits to an account by email or to a workspace by slug, or takes a wrong grant back (a negative amount), with a reason that lands in its ledger. */
export function GrantForm({ emails }: { emails: string[] }) {
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setErrors({});
    setDone(null);
    const answer = await sendJson<Granted>('POST', '/api/dashboard/admin/grants', { email: form.get('email'), amount: form.get('amount'), reason: form.get('reason') });
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    formElement.reset();
    const { amount, email, balance } = answer.data;
    setDone(
      amount < 0
        ? `Took back ${formatNumber(-amount)} credits from ${email} (ledgered as a correction); their balance is now ${formatNumber(balance)}.`
        : `Granted ${formatNumber(amount)} credits to ${email}; their balance is now ${formatNumber(balance)}.`,
    );
    router.refresh();
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Grant credits" className="flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <FormAlert tone="success" message={done} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Account email or workspace" name="email" list="admin-user-emails" autoComplete="off" required hint="An email grants to that person's personal workspace; a slug (from the workspace's URL) to that workspace." error={errors.email} />
        <TextField label="Credits" name="amount" required hint="Negative to correct a wrong grant (takes the credits back)." error={errors.amount} />
        <TextField label="Reason" name="reason" required maxLength={200} placeholder="e.g. support goodwill" error={errors.reason} />
      </div>
      <datalist id="admin-user-emails">
        {emails.map((email) => (
          <option key={email} value={email} />
        ))}
      </datalist>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Granting…' : 'Grant credits'}
        </Button>
      </div>
    </form>
  );
}
