'use client';

import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { formatNumber } from '@/lib/dashboard/format';
import type { WorkspaceDeletionPreview } from '@/lib/workspaces/deletion-preview';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Deletes the workspace after saying what goes (the preview's figures) and once its name, the
 * owner's password (or email without one) and, with two-factor on, a code are typed; then
 * leaves for the dashboard of a workspace they still have.
 */
export function DeleteWorkspaceForm({ preview, hasPassword, twoFactor }: { preview: WorkspaceDeletionPreview; hasPassword: boolean; twoFactor: boolean }) {
  const { errors, pending, submit } = useJsonForm(
    (form) =>
      sendJson<{ next: string }>('POST', '/api/dashboard/workspace/delete', {
        confirmName: form.get('confirmName'),
        ...(hasPassword ? { password: form.get('password') } : { confirmEmail: form.get('confirmEmail') }),
        ...(twoFactor ? { code: form.get('code') } : {}),
      }),
    // A workspace the person still has, as the server chose.
    (data) => window.location.assign(data.next),
    { keepPending: true },
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Delete workspace" className="flex max-w-xl flex-col gap-4">
      <div className="text-sm">
        <p>Deleting {preview.name} cannot be undone:</p>
        <ul className="mt-1 list-disc pl-5">
          <li>
            its balance of <strong>{plural(preview.balance, 'credit')}</strong> is forfeited (not refunded);
          </li>
          <li>{plural(preview.keys, 'API key')} revoked at once: calls with them are refused;</li>
          <li>{plural(preview.rules, 'running rule')} paused and {plural(preview.endpoints, 'webhook endpoint')} disabled;</li>
          <li>{plural(preview.connections, 'connected account')} disconnected;</li>
          <li>{plural(preview.members, 'member')} (you too) lose access.</li>
        </ul>
        <p className="mt-1">Its usage and ledger are kept.</p>
      </div>
      <FormAlert message={errors.form} />
      <TextField label={`Type the workspace's name (${preview.name}) to confirm`} name="confirmName" autoComplete="off" required error={errors.confirmName} />
      {hasPassword ? (
        <TextField label="Your password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      ) : (
        <TextField label="Type your email to confirm" name="confirmEmail" type="email" autoComplete="off" required error={errors.confirmEmail} />
      )}
      {twoFactor && <TextField label="Code from your authenticator app (or a recovery code)" name="code" autoComplete="one-time-code" required error={errors.code} />}
      <div>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? 'Deleting…' : 'Delete this workspace'}
        </Button>
      </div>
    </form>
  );
}
