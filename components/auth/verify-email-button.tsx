'use client';

import Link from 'next/link';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/**
 * Confirms the address on a click rather than on page load: mail scanners that open links
 * must not use up the single-use token.
 */
export function VerifyEmailButton({ token }: { token: string }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    const answer = await sendJson('POST', '/api/account/verify-email', { token });
    setPending(false);
    setResult(answer.ok ? { ok: true, message: 'Your email address is confirmed.' } : { ok: false, message: answer.message });
  }

  if (result) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <FormAlert tone={result.ok ? 'success' : 'error'} message={result.message} />
        <Link href="/dashboard" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Go to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <Button onClick={() => void confirm()} disabled={pending}>
        {pending ? 'Confirming…' : 'Confirm my email address'}
      </Button>
    </div>
  );
}
