import { Button } from '@/components/ui/button';
import type { KeySummary } from '@/lib/dashboard/list-keys';

export type KeyActionHandlers = { onRename: (key: KeySummary) => void; onRevoke: (key: KeySummary) => void };

/** Rename and (while not revoked) revoke, named after the key for screen readers. */
export function KeyActions({ apiKey, onRename, onRevoke }: { apiKey: KeySummary } & KeyActionHandlers) {
  return (
    <>
      <Button variant="ghost" className="px-2 py-1" aria-label={`Rename key ${apiKey.name}`} onClick={() => onRename(apiKey)}>
        Rename
      </Button>
      {apiKey.status !== 'revoked' && (
        <Button variant="ghost" className="px-2 py-1 text-red-700 dark:text-red-400" aria-label={`Revoke key ${apiKey.name}`} onClick={() => onRevoke(apiKey)}>
          Revoke
        </Button>
      )}
    </>
  );
}
