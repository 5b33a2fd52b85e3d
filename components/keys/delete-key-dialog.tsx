'use client';

import type { KeySummary } from '@/lib/dashboard/list-keys';
import { ConfirmKeyActionDialog } from './confirm-key-action-dialog';

type Props = { keyToDelete: KeySummary | null; onClose: () => void; onDeleted: () => void };

/** Asks before deleting a revoked key for good; its usage stays in the charts, without its name. */
export function DeleteKeyDialog({ keyToDelete, onClose, onDeleted }: Props) {
  return (
    <ConfirmKeyActionDialog
      subject={keyToDelete}
      title={`Delete ${keyToDelete?.name ?? 'key'}?`}
      description="The revoked key disappears from this list. Its past usage stays in your usage and credit history."
      url={(key) => `/api/dashboard/keys/${encodeURIComponent(key.id)}?permanent=1`}
      actionLabel="Delete key"
      pendingLabel="Deleting…"
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
