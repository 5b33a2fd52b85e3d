'use client';

import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormAlert } from './form-alert';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  actionLabel: string;
  pendingLabel: string;
  /** Runs the confirmed action: null when done, or the message to show while the dialog stays open. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  onDone: () => void;
};

/** Asks before an irreversible action (Cancel has the focus), runs it, and shows its refusal. */
export function ConfirmDialog({ open, title, description, actionLabel, pendingLabel, onConfirm, onClose, onDone }: ConfirmDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    const refusal = await onConfirm();
    setPending(false);
    setError(refusal);
    if (refusal === null) onDone();
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <div className="flex flex-col gap-4">
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
            {pending ? pendingLabel : actionLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
