'use client';

import { useState, type FormEvent } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

export type EndpointWithSecret = { id: string; url: string; secret: string };

/** Registers a webhook endpoint (POST /v2/webhooks); the answer carries its secret, shown once by the caller. */
export function EndpointForm({ onCreated }: { onCreated: (endpoint: EndpointWithSecret) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const url = String(form.get('url') ?? '').trim();
    if (url === '') return setError('Give the URL Perch should POST matches to.');
    const description = String(form.get('description') ?? '').trim();
    setPending(true);
    const answer = await callV2<EndpointWithSecret>('POST', 'webhooks', { body: description ? { url, description } : { url } });
    setPending(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    formElement.reset();
    onCreated(answer.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add a webhook endpoint" className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Endpoint URL" name="url" type="url" maxLength={2048} placeholder="https://example.com/hooks/perch" hint="HTTPS to a public host (private and loopback addresses are refused)." />
        <TextField label="Description (optional)" name="description" maxLength={200} />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
