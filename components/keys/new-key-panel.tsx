'use client';

import { SecretPanel } from '@/components/ui/secret-panel';
import type { CreatedKey } from '@/lib/dashboard/create-key';

/** The full key, shown this once, with a copy button; dismissing it forgets the key. */
export function NewKeyPanel({ created, note, onDismiss }: { created: CreatedKey; note?: string; onDismiss: () => void }) {
  return (
    <SecretPanel heading={`Your new key “${created.name}”`} secret={created.key} secretLabel="New API key" copyLabel="Copy key" noun="key" note={note} onDismiss={onDismiss} />
  );
}
