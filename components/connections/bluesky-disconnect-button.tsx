'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { BLUESKY_CONNECTION_ROUTE } from './bluesky-connect-form';

/** Disconnects the Bluesky account after asking: the sealed app password is deleted here. */
export function BlueskyDisconnectButton({ handle }: { handle: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    const answer = await sendJson('DELETE', BLUESKY_CONNECTION_ROUTE);
    setPending(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setOpen(false);
    router.refresh();
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Disconnect @${handle}?`}
        description="Writes on Bluesky answer 403 account_not_connected until you connect an account again. Perch deletes its copy of the app password; revoke the app password itself at bsky.app → Settings → App passwords."
      >
        <div className="flex flex-col gap-4">
          <FormAlert message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
              {pending ? 'Disconnecting…' : 'Disconnect'}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
