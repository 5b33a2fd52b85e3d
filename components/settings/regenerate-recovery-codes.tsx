'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** How many recovery codes are left, and a new set for a current code from the app. */
export function RegenerateRecoveryCodes({ left, of, onCodes }: { left: number; of: number; onCodes: (codes: string[]) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setPending(true);
    setError(undefined);
    const answer = await sendJson<{ recovery_codes: string[] }>('POST', '/api/dashboard/account/two-factor/recovery-codes', { code });
    setPending(false);
    if (!answer.ok) return setError(answer.errors.code ?? answer.message);
    onCodes(answer.data.recovery_codes);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="New recovery codes" className="flex max-w-md flex-col gap-3">
      <p className="text-sm">
        <strong data-testid="recovery-codes-left">
          {left} of {of}
        </strong>{' '}
        recovery codes left{left <= 3 ? ': make a new set before they run out.' : '.'} A new set replaces every earlier code.
      </p>
      <TextField label="Code from the app, for a new set" name="code" autoComplete="one-time-code" required error={error} />
      <div>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? 'Making codes…' : 'Make new recovery codes'}
        </Button>
      </div>
    </form>
  );
}
