'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { KeySummary } from '@/lib/dashboard/list-keys';

type Props = { keyToRevoke: KeySummary | null; onClose: () => void; onRevoked: () => void };

/** Asks before revoking: calls with the key fail with 401 from then on, and it cannot be undone. */
export function RevokeKeyDialog({ keyToRevoke, onClose, onRevoked }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function revoke() {
    if (!keyToRevoke) return;
    setPending(true);
    const answer = await sendJson('DELETE', `/api/dashboard/keys/${encodeURIComponent(keyToRevoke.id)}`);
    setPending(false);
    if (!answer.ok) {
      setError(answer.status === 404 ? 'This key no longer exists.' : answer.message);
      return;
    }
    setError(null);
    onRevoked();
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog
      open={keyToRevoke !== null}
      onClose={close}
      title={`Revoke ${keyToRevoke?.name ?? 'key'}?`}
      description={
        <>
          Calls with <code className="font-mono">{keyToRevoke?.display}</code> will be refused (401) from now on. This cannot be undone.
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void revoke()} disabled={pending}>
            {pending ? 'Revoking…' : 'Revoke key'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
