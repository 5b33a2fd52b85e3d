'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Disconnects, after asking: deletes the tokens here and revokes the grant at the platform, so
 * writes stop working until an account is connected again.
 */
export function DisconnectButton({ label = 'Disconnect', username }: { label?: string; username?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={username ? `Disconnect @${username}?` : 'Disconnect the platform account?'}
        description="Writes from your keys, the playground and the explorer stop working (403 account_not_connected) until you connect an account again. The platform revokes the access it granted."
      >
        <form method="post" action="/dashboard/connections/disconnect" className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
            Cancel
          </Button>
          <Button type="submit" variant="danger">
            Disconnect
          </Button>
        </form>
      </Dialog>
    </>
  );
}
