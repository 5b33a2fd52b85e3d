import { Button } from '@/components/ui/button';
import { isLiveStatus } from '@/lib/dashboard/key-status';
import type { KeySummary } from '@/lib/dashboard/list-keys';

export type KeyActionHandlers = {
  onEdit: (key: KeySummary) => void;
  onRotate: (key: KeySummary) => void;
  onRevoke: (key: KeySummary) => void;
  onDelete: (key: KeySummary) => void;
};

/** Edit, rotate and revoke a usable key; delete a revoked one. Named after the key for screen readers. */
export function KeyActions({ apiKey, onEdit, onRotate, onRevoke, onDelete }: { apiKey: KeySummary } & KeyActionHandlers) {
  const danger = 'px-1.5 py-1 text-red-700 dark:text-red-400';
  // Another member's key, for a developer; every key, for a viewer: shown, not changeable.
  if (!apiKey.manageable) return <span className="px-1.5 text-xs text-slate-500 dark:text-slate-400">{apiKey.createdBy ? `by ${apiKey.createdBy}` : ''}</span>;
  if (apiKey.status === 'revoked') {
    return (
      <Button variant="ghost" className={danger} aria-label={`Delete key ${apiKey.name}`} onClick={() => onDelete(apiKey)}>
        Delete
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" className="px-1.5 py-1" aria-label={`Edit key ${apiKey.name}`} onClick={() => onEdit(apiKey)}>
        Edit
      </Button>
      {isLiveStatus(apiKey.status) && (
        <Button variant="ghost" className="px-1.5 py-1" aria-label={`Rotate key ${apiKey.name}`} onClick={() => onRotate(apiKey)}>
          Rotate
        </Button>
      )}
      <Button variant="ghost" className={danger} aria-label={`Revoke key ${apiKey.name}`} onClick={() => onRevoke(apiKey)}>
        Revoke
      </Button>
    </>
  );
}
