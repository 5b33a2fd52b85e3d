'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError, TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import type { KeySettings } from '@/lib/dashboard/update-key';

type Props = { keyToEdit: KeySummary | null; mcpDefaultCap: number; onClose: () => void; onSaved: (settings: KeySettings) => void };

type FormValues = { name: string; scopes: string[]; creditLimit: string; dailyBudget: string; monthlyBudget: string; expiresOn: string; rateLimit: string; mcpMaxCredits: string };

function initialValues(key: KeySummary): FormValues {
  return {
    name: key.name,
    scopes: [...key.scopes].sort(),
    creditLimit: key.creditLimit === null ? '' : String(key.creditLimit),
    dailyBudget: key.budgets?.day.budget == null ? '' : String(key.budgets.day.budget),
    monthlyBudget: key.budgets?.month.budget == null ? '' : String(key.budgets.month.budget),
    expiresOn: key.expiresAt ? key.expiresAt.slice(0, 10) : '',
    rateLimit: String(key.rateLimit),
    mcpMaxCredits: key.mcpMaxCredits === null ? '' : String(key.mcpMaxCredits),
  };
}

function valuesOf(form: FormData): FormValues {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    name: text('name'),
    scopes: form.getAll('scopes').map(String).sort(),
    creditLimit: text('creditLimit'),
    dailyBudget: text('dailyBudget'),
    monthlyBudget: text('monthlyBudget'),
    expiresOn: text('expiresOn'),
    rateLimit: text('rateLimit'),
    mcpMaxCredits: text('mcpMaxCredits'),
  };
}

/**
 * Changes a key's name, scopes, credit limit, daily and monthly budgets, expiry, rate limit and MCP cap per tool call. Only what changed is sent,
 * so an untouched past expiry of an expired key is not re-validated. Every instance applies the
 * change to the key's next call.
 */
export function EditKeyDialog({ keyToEdit, mcpDefaultCap, onClose, onSaved }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!keyToEdit) return;
    const before = initialValues(keyToEdit);
    const after = valuesOf(new FormData(event.currentTarget));
    const changes = Object.fromEntries(
      (Object.keys(after) as Array<keyof FormValues>).filter((field) => JSON.stringify(after[field]) !== JSON.stringify(before[field])).map((field) => [field, after[field]]),
    );
    if (Object.keys(changes).length === 0) {
      close();
      return;
    }
    setPending(true);
    const answer = await sendJson<{ key: KeySettings }>('PATCH', `/api/dashboard/keys/${encodeURIComponent(keyToEdit.id)}`, changes);
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.status === 404 ? 'This key no longer exists.' : answer.message });
      return;
    }
    setErrors({});
    onSaved(answer.data.key);
  }

  function close() {
    setErrors({});
    onClose();
  }

  const values = keyToEdit ? initialValues(keyToEdit) : null;
  return (
    <Dialog
      open={keyToEdit !== null}
      onClose={close}
      title={`Edit ${keyToEdit?.name ?? 'key'}`}
      description="Changes apply to the key's next call, on every server."
    >
      {values && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormAlert message={errors.form} />
          <TextField label="Name" name="name" defaultValue={values.name} maxLength={100} required autoFocus error={errors.name} />
          <fieldset className="flex flex-col gap-1.5" aria-describedby={errors.scopes ? 'edit-scopes-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium">Scopes</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="scopes" value="read" defaultChecked={values.scopes.includes('read')} className="size-4 accent-brand-600" />
                Read
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="scopes" value="write" defaultChecked={values.scopes.includes('write')} className="size-4 accent-brand-600" />
                Write
              </label>
            </div>
            <FieldError id="edit-scopes-error" message={errors.scopes} />
          </fieldset>
          <TextField
            label="Credit limit"
            name="creditLimit"
            inputMode="numeric"
            defaultValue={values.creditLimit}
            hint={`Spent so far: ${keyToEdit!.creditsSpent.toLocaleString('en-US')}. Leave empty for no limit.`}
            error={errors.creditLimit}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Daily budget"
              name="dailyBudget"
              inputMode="numeric"
              defaultValue={values.dailyBudget}
              hint={`Today: ${(keyToEdit!.budgets?.day.spent ?? 0).toLocaleString('en-US')} spent. Empty: none.`}
              error={errors.dailyBudget}
            />
            <TextField
              label="Monthly budget"
              name="monthlyBudget"
              inputMode="numeric"
              defaultValue={values.monthlyBudget}
              hint={`This month: ${(keyToEdit!.budgets?.month.spent ?? 0).toLocaleString('en-US')} spent. Empty: none.`}
              error={errors.monthlyBudget}
            />
          </div>
          <TextField label="Expires on" name="expiresOn" type="date" defaultValue={values.expiresOn} hint="Through the end of this day (UTC). Empty: never." error={errors.expiresOn} />
          <TextField label="Rate limit (requests per second)" name="rateLimit" inputMode="numeric" defaultValue={values.rateLimit} error={errors.rateLimit} />
          <TextField
            label="Most credits per MCP tool call"
            name="mcpMaxCredits"
            inputMode="numeric"
            defaultValue={values.mcpMaxCredits}
            placeholder={String(mcpDefaultCap)}
            hint={`What one AI agent tool call may spend with this key. Empty: the server default, ${mcpDefaultCap.toLocaleString('en-US')}.`}
            error={errors.mcpMaxCredits}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
