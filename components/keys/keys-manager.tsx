'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import type { CreatedKey } from '@/lib/dashboard/create-key';
import { formatDateTime } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import { CreateKeyForm } from './create-key-form';
import { DeleteKeyDialog } from './delete-key-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { KEYS_QUERY_KEY, fetchKeys } from './keys-query';
import { KeysTable } from './keys-table';
import { McpSetup } from './mcp-setup';
import { NewKeyPanel } from './new-key-panel';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { RotateKeyDialog } from './rotate-key-dialog';

type Revealed = { key: CreatedKey; note?: string };

type Props = {
  initialKeys: KeySummary[];
  canCreate: boolean;
  /** Where MCP clients connect (McpSetup) and the server's cap per tool call (PERCH_MCP_MAX_CREDITS_PER_CALL). */
  mcp: { publicOrigin: string | null; requestOrigin: string; defaultCap: number };
};

/** The keys page's interactive part: create, reveal once, edit, rotate, revoke, delete, and a fresh list after each; then how to use a key with AI agents. */
export function KeysManager({ initialKeys, canCreate, mcp }: Props) {
  const queryClient = useQueryClient();
  const { data: keys } = useQuery({ queryKey: KEYS_QUERY_KEY, queryFn: fetchKeys, initialData: initialKeys });
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [editing, setEditing] = useState<KeySummary | null>(null);
  const [rotating, setRotating] = useState<KeySummary | null>(null);
  const [revoking, setRevoking] = useState<KeySummary | null>(null);
  const [deleting, setDeleting] = useState<KeySummary | null>(null);
  const [showRevoked, setShowRevoked] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS_QUERY_KEY });

  const revokedCount = keys.filter((key) => key.status === 'revoked').length;
  const shown = showRevoked ? keys : keys.filter((key) => key.status !== 'revoked');

  return (
    <div className="flex flex-col gap-6">
      {revealed && <NewKeyPanel created={revealed.key} note={revealed.note} onDismiss={() => setRevealed(null)} />}
      {canCreate && (
        <Card title="Create a key">
          <CreateKeyForm
            onCreated={(key) => {
              setRevealed({ key });
              setAnnouncement(`Key ${key.name} created`);
              void refresh();
            }}
          />
        </Card>
      )}
      <Card title="The workspace's keys">
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {revokedCount > 0 && (
          <label className="mb-3 flex w-fit items-center gap-2 text-sm">
            <input type="checkbox" checked={showRevoked} onChange={(event) => setShowRevoked(event.target.checked)} className="size-4 accent-brand-600" />
            Show revoked keys ({revokedCount})
          </label>
        )}
        <KeysTable
          keys={shown}
          emptyText={keys.length === 0 ? 'No keys yet. Create one above to call /v2.' : 'No usable keys. Create one above, or show the revoked ones.'}
          mcpDefaultCap={mcp.defaultCap}
          onEdit={setEditing}
          onRotate={setRotating}
          onRevoke={setRevoking}
          onDelete={setDeleting}
        />
      </Card>
      <McpSetup publicOrigin={mcp.publicOrigin} requestOrigin={mcp.requestOrigin} defaultCap={mcp.defaultCap} fresh={revealed?.key ?? null} />
      <EditKeyDialog
        keyToEdit={editing}
        mcpDefaultCap={mcp.defaultCap}
        onClose={() => setEditing(null)}
        onSaved={(settings) => {
          setAnnouncement(`Key ${settings.name} saved`);
          setEditing(null);
          void refresh();
        }}
      />
      <RotateKeyDialog
        keyToRotate={rotating}
        onClose={() => setRotating(null)}
        onRotated={(key, graceEndsAt) => {
          setRevealed({
            key,
            note: graceEndsAt ? `The old secret keeps working until ${formatDateTime(graceEndsAt)}: switch your clients before then.` : 'The old secret no longer works.',
          });
          setAnnouncement(`Key ${key.name} rotated`);
          setRotating(null);
          void refresh();
        }}
      />
      <RevokeKeyDialog
        keyToRevoke={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setAnnouncement(`Key ${revoking?.name ?? ''} revoked`);
          setRevoking(null);
          void refresh();
        }}
      />
      <DeleteKeyDialog
        keyToDelete={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setAnnouncement(`Key ${deleting?.name ?? ''} deleted`);
          setDeleting(null);
          void refresh();
        }}
      />
    </div>
  );
}
