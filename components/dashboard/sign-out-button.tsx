'use client';

import { signOut } from 'next-auth/react';
import { Button } from '@/components/ui/button';

/** Signs out through next-auth (a CSRF-checked POST) and returns to the landing page. */
export function SignOutButton() {
  return (
    <Button variant="ghost" className="px-3" onClick={() => void signOut({ callbackUrl: '/' })}>
      Sign out
    </Button>
  );
}
