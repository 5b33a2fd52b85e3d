'use client';

import { useState, type ReactNode } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { KeySummary } from '@/lib/dashboard/list-keys';

export type ConfirmKeyActionProps = {
  /** The key the dialog asks about; null keeps it closed. */
  subject: KeySummary | null;
  title: string;
  description: ReactNode;
  /** The route the confirmed action DELETEs. */
  url: (key: KeySummary) => string;
  actionLabel: string;
  pendingLabel: string;
  onClose: () => void;
  onDone: () => void;
};

/** Asks before an irreversible DELETE on a key (revoke, delete), and shows the route's refusal. */
export function ConfirmKeyActionDialog({ subject, title, description, url, actionLabel, pendingLabel, onClose, onDone }: ConfirmKeyActionProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!subject) return;
    setPending(true);
    const answer = await sendJson('DELETE', url(subject));
    setPending(false);
    if (!answer.ok) {
      setError(answer.status === 404 ? 'This key no longer exists.' : answer.message);
      return;
    }
    setError(null);
    onDone();
  }

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Dialog open={subject !== null} onClose={close} title={title} description={description}>
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
