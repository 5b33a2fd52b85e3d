'use client';

import { signOut } from 'next-auth/react';
import { Button } from '@/components/ui/button';

/** Signs out, then to sign-in with a way back to `returnTo` (the invitation), for the right account. */
export function SwitchAccountButton({ returnTo }: { returnTo: string }) {
  return (
    <Button variant="secondary" onClick={() => void signOut({ callbackUrl: `/signin?callbackUrl=${encodeURIComponent(returnTo)}` })}>
      Sign out and switch account
    </Button>
  );
}
