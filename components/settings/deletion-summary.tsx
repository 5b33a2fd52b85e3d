import type { AccountDeletionPreview } from '@/lib/account/account-deletion-preview';
import { formatNumber } from '@/lib/dashboard/format';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What deleting the account does, workspace by workspace, before the person confirms. */
export function DeletionSummary({ preview }: { preview: AccountDeletionPreview }) {
  const { personal, blocking, alsoDeleted, leaving } = preview;
  return (
    <div className="flex flex-col gap-3 text-sm">
      {blocking.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-medium">You cannot delete your account yet: you are the only owner of</p>
          <ul className="mt-1 list-disc pl-5">
            {blocking.map((w) => (
              <li key={w.id}>
                <a className="underline" href={workspaceHref(w.slug, '/dashboard/members')}>
                  {w.name}
                </a>{' '}
                ({plural(w.otherMembers, 'other member')})
              </li>
            ))}
          </ul>
          <p className="mt-1">Make someone else an owner there (or delete the workspace) first.</p>
        </div>
      )}
      {personal && (
        <p>
          Your personal workspace is deleted: its balance of <strong>{plural(personal.balance, 'credit')}</strong> is forfeited (not refunded) and its{' '}
          {plural(personal.keys, 'API key')} {personal.keys === 1 ? 'is' : 'are'} revoked at once.
        </p>
      )}
      {alsoDeleted.length > 0 && (
        <p>
          Workspaces only you belong to are deleted too:{' '}
          {alsoDeleted.map((w) => `${w.name} (${plural(w.balance, 'credit')} forfeited, ${plural(w.keys, 'key')} revoked)`).join(', ')}.
        </p>
      )}
      {leaving.length > 0 && (
        <p>
          You leave {leaving.map((w) => w.name).join(', ')}. The {plural(preview.keysCreatedInShared, 'key')} you created there keep working (the workspace pays for them and
          its admins can revoke them) unless you tick the box below.
        </p>
      )}
      <p>Every browser is signed out and your email is freed for a new sign-up (without the sign-up credits again). This cannot be undone.</p>
    </div>
  );
}
