'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import type { CreatedKey } from '@/lib/dashboard/create-key';
import type { KeySummary } from '@/lib/dashboard/list-keys';

type Props = { keyToRotate: KeySummary | null; onClose: () => void; onRotated: (key: CreatedKey, graceEndsAt: string | null) => void };

const GRACE_CHOICES: Array<[number, string]> = [
  [1, '1 hour'],
  [24, '24 hours'],
  [168, '7 days'],
  [0, 'none: the old secret stops at once'],
];

/** Issues a new secret for a key; the old one keeps working for the chosen grace period, so clients can switch over. */
export function RotateKeyDialog({ keyToRotate, onClose, onRotated }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!keyToRotate) return;
    const graceHours = Number(new FormData(event.currentTarget).get('graceHours'));
    setPending(true);
    const answer = await sendJson<{ key: CreatedKey; graceEndsAt: string | null }>('POST', `/api/dashboard/keys/${encodeURIComponent(keyToRotate.id)}/rotate`, { graceHours });
    setPending(false);
    if (!answer.ok) {
      setError(answer.status === 404 ? 'This key no longer exists or was revoked.' : (answer.errors.graceHours ?? answer.message));
      return;
    }
    setError(null);
    onRotated(answer.data.key, answer.data.graceEndsAt);
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog
      open={keyToRotate !== null}
      onClose={close}
      title={`Rotate ${keyToRotate?.name ?? 'key'}?`}
      description={
        <>
          A new secret replaces <code className="font-mono">{keyToRotate?.display}</code>; the key keeps its limits, scopes and history. The new secret is shown once.
          {keyToRotate?.previousSecretValidUntil && ' The secret replaced by the previous rotation stops at once.'}
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={error} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="rotate-grace" className="text-sm font-medium">
            Keep the old secret working for
          </label>
          <select id="rotate-grace" name="graceHours" defaultValue="24" className={INPUT_CLASSES}>
            {GRACE_CHOICES.map(([hours, label]) => (
              <option key={hours} value={hours}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Rotating…' : 'Rotate key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
