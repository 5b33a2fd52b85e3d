'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError, TextField } from '@/components/ui/text-field';
import type { CreatedKey } from '@/lib/dashboard/create-key';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

/** Name, scopes, optional credit limit, daily and monthly budgets and expiry; the server validates and issues the key. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setErrors({});
    const answer = await sendJson<{ key: CreatedKey }>('POST', '/api/dashboard/keys', {
      name: form.get('name'),
      scopes: form.getAll('scopes'),
      creditLimit: form.get('creditLimit'),
      dailyBudget: form.get('dailyBudget'),
      monthlyBudget: form.get('monthlyBudget'),
      expiresOn: form.get('expiresOn'),
    });
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    formElement.reset();
    onCreated(answer.data.key);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Create an API key" className="flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Key name" name="name" required maxLength={100} placeholder="e.g. production server" error={errors.name} />
        <fieldset className="flex flex-col gap-1.5" aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">Scopes</legend>
          <div className="flex flex-wrap gap-4 pt-1.5">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="scopes" value="read" defaultChecked className="size-4 accent-brand-600" />
              Read
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="scopes" value="write" className="size-4 accent-brand-600" />
              Write
            </label>
          </div>
          <FieldError id="scopes-error" message={errors.scopes} />
        </fieldset>
        <TextField label="Credit limit (optional)" name="creditLimit" inputMode="numeric" hint="Leave empty for no limit." error={errors.creditLimit} />
        <TextField label="Daily budget (optional)" name="dailyBudget" inputMode="numeric" hint="Credits a day, in the workspace's time zone. Empty: none." error={errors.dailyBudget} />
        <TextField label="Monthly budget (optional)" name="monthlyBudget" inputMode="numeric" hint="Credits a month. Empty: none." error={errors.monthlyBudget} />
        <TextField label="Expires on (optional)" name="expiresOn" type="date" hint="The key works through the end of this day (UTC)." error={errors.expiresOn} />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
