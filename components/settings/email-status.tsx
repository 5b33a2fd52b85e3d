'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';

/** The account's address, whether it is confirmed, and a way to get a new confirmation link. */
export function EmailStatus({ email, verified }: { email: string; verified: boolean }) {
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    const answer = await sendJson('POST', '/api/dashboard/account/verification-mail');
    setPending(false);
    setMessage(answer.ok ? { tone: 'success', text: `A confirmation link is on its way to ${email}.` } : { tone: 'error', text: answer.message });
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <span className="font-medium">{email}</span>{' '}
        {verified ? (
          <span className="ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">Confirmed</span>
        ) : (
          <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200">Not confirmed</span>
        )}
      </p>
      {message && <FormAlert tone={message.tone} message={message.text} />}
      {!verified && (
        <div>
          <Button variant="secondary" onClick={() => void resend()} disabled={pending}>
            {pending ? 'Sending…' : 'Send confirmation link'}
          </Button>
        </div>
      )}
    </div>
  );
}
