'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

type Answer = { answer: 'accept' | 'decline'; workspace: { slug: string; name: string } };

/** Accept (then straight into the workspace) or Decline, answered by the dashboard route. */
export function InvitationAnswer({ token, workspaceName }: { token: string; workspaceName: string }) {
  const router = useRouter();
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  async function respond(answer: 'accept' | 'decline') {
    setPending(answer);
    setError(null);
    const result = await sendJson<Answer>('POST', '/api/dashboard/invitations/respond', { token, answer });
    if (!result.ok) {
      setPending(null);
      setError(result.message);
      return;
    }
    if (answer === 'accept') {
      router.push(workspaceHref(result.data.workspace.slug, '/dashboard'));
      return;
    }
    setPending(null);
    setDeclined(true);
  }

  if (declined) return <FormAlert tone="success" message={`You declined the invitation to ${workspaceName}.`} />;
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button onClick={() => void respond('accept')} disabled={pending !== null}>
          {pending === 'accept' ? 'Joining…' : 'Accept'}
        </Button>
        <Button variant="secondary" onClick={() => void respond('decline')} disabled={pending !== null}>
          {pending === 'decline' ? 'Declining…' : 'Decline'}
        </Button>
      </div>
    </div>
  );
}
