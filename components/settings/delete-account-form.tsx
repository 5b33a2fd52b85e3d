'use client';

import { signOut } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { fetchJson, sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { AccountDeletionPreview } from '@/lib/account/account-deletion-preview';
import { DeletionSummary } from './deletion-summary';

/**
 * Deletes the account after saying what goes with it (GET deletion-preview) and once the
 * password (or, without one, the email) and, with two-factor on, a code are typed; then leaves.
 * Refused while the person is the only owner of a shared workspace others belong to.
 */
export function DeleteAccountForm({ hasPassword, email, twoFactor = false }: { hasPassword: boolean; email: string; twoFactor?: boolean }) {
  const [preview, setPreview] = useState<AccountDeletionPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  useEffect(() => {
    fetchJson<{ preview: AccountDeletionPreview }>('/api/dashboard/account/deletion-preview').then(
      (answer) => setPreview(answer.preview),
      () => setPreviewError('Could not load what deleting the account would remove: reload the page to try again'),
    );
  }, []);
  const { errors, pending, submit } = useJsonForm(
    (form) =>
      sendJson('POST', '/api/dashboard/account/delete', {
        ...(hasPassword ? { password: form.get('password') } : { confirmEmail: form.get('confirmEmail') }),
        ...(twoFactor ? { code: form.get('code') } : {}),
        revokeSharedKeys: form.get('revokeSharedKeys') === 'on',
      }),
    // The session is already ended on the server; this clears the cookie and leaves.
    () => signOut({ callbackUrl: '/?deleted=1' }),
    { keepPending: true },
  );
  const blocked = (preview?.blocking.length ?? 0) > 0;

  return (
    <form noValidate onSubmit={submit} aria-label="Delete account" className="flex max-w-xl flex-col gap-4">
      <p className="text-sm">Deleting your account ({email}) removes it for good.</p>
      <FormAlert message={previewError} />
      {preview ? <DeletionSummary preview={preview} /> : !previewError && <p className="text-sm text-slate-500">Working out what goes with it…</p>}
      <FormAlert message={errors.form} />
      {hasPassword ? (
        <TextField label="Password to confirm" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      ) : (
        <TextField label="Type your email to confirm" name="confirmEmail" type="email" autoComplete="off" required error={errors.confirmEmail} />
      )}
      {twoFactor && <TextField label="Code from your authenticator app (or a recovery code)" name="code" autoComplete="one-time-code" required error={errors.code} />}
      {preview && preview.keysCreatedInShared > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="revokeSharedKeys" />
          Also revoke the keys I created in shared workspaces ({preview.keysCreatedInShared})
        </label>
      )}
      <div>
        <Button type="submit" variant="danger" disabled={pending || blocked || (!preview && !previewError)}>
          {pending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
