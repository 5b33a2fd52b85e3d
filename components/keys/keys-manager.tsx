'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import type { CreatedKey } from '@/lib/dashboard/create-key';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import { CreateKeyForm } from './create-key-form';
import { KEYS_QUERY_KEY, fetchKeys } from './keys-query';
import { KeysTable } from './keys-table';
import { NewKeyPanel } from './new-key-panel';
import { RenameKeyDialog } from './rename-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';

/** The keys page's interactive part: create, reveal once, rename, revoke, and a fresh list after each. */
export function KeysManager({ initialKeys }: { initialKeys: KeySummary[] }) {
  const queryClient = useQueryClient();
  const { data: keys } = useQuery({ queryKey: KEYS_QUERY_KEY, queryFn: fetchKeys, initialData: initialKeys });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [renaming, setRenaming] = useState<KeySummary | null>(null);
  const [revoking, setRevoking] = useState<KeySummary | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS_QUERY_KEY });

  return (
    <div className="flex flex-col gap-6">
      {created && <NewKeyPanel created={created} onDismiss={() => setCreated(null)} />}
      <Card title="Create a key">
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            setAnnouncement(`Key ${key.name} created`);
            void refresh();
          }}
        />
      </Card>
      <Card title="Your keys">
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <KeysTable keys={keys} onRename={setRenaming} onRevoke={setRevoking} />
      </Card>
      <RenameKeyDialog
        keyToRename={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          setAnnouncement(`Key renamed to ${name}`);
          setRenaming(null);
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
    </div>
  );
}
