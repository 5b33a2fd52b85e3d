'use client';

import type { KeySummary } from '@/lib/dashboard/list-keys';
import { ConfirmKeyActionDialog } from './confirm-key-action-dialog';

type Props = { keyToRevoke: KeySummary | null; onClose: () => void; onRevoked: () => void };

/** Asks before revoking: calls with the key fail with 401 from then on, and it cannot be undone. */
export function RevokeKeyDialog({ keyToRevoke, onClose, onRevoked }: Props) {
  return (
    <ConfirmKeyActionDialog
      subject={keyToRevoke}
      title={`Revoke ${keyToRevoke?.name ?? 'key'}?`}
      description={
        <>
          Calls with <code className="font-mono">{keyToRevoke?.display}</code> will be refused (401) from now on. This cannot be undone.
        </>
      }
      url={(key) => `/api/dashboard/keys/${encodeURIComponent(key.id)}`}
      actionLabel="Revoke key"
      pendingLabel="Revoking…"
      onClose={onClose}
      onDone={onRevoked}
    />
  );
}
