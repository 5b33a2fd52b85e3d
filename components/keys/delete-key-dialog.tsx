'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { KeySummary } from '@/lib/dashboard/list-keys';

type Props = { keyToDelete: KeySummary | null; onClose: () => void; onDeleted: () => void };

/** Asks before deleting a revoked key for good; its usage stays in the charts, without its name. */
export function DeleteKeyDialog({ keyToDelete, onClose, onDeleted }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!keyToDelete) return;
    setPending(true);
    const answer = await sendJson('DELETE', `/api/dashboard/keys/${encodeURIComponent(keyToDelete.id)}?permanent=1`);
    setPending(false);
    if (!answer.ok) {
      setError(answer.status === 404 ? 'This key no longer exists.' : answer.message);
      return;
    }
    setError(null);
    onDeleted();
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog
      open={keyToDelete !== null}
      onClose={close}
      title={`Delete ${keyToDelete?.name ?? 'key'}?`}
      description="The revoked key disappears from this list. Its past usage stays in your usage and credit history."
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={pending}>
            {pending ? 'Deleting…' : 'Delete key'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
