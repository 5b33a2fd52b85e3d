'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import type { KeySummary } from '@/lib/dashboard/list-keys';

type Props = { keyToRename: KeySummary | null; onClose: () => void; onRenamed: (name: string) => void };

/** Renames a key; the server checks the name and that the key is the account's own. */
export function RenameKeyDialog({ keyToRename, onClose, onRenamed }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!keyToRename) return;
    const name = new FormData(event.currentTarget).get('name');
    setPending(true);
    const answer = await sendJson<{ name: string }>('PATCH', `/api/dashboard/keys/${encodeURIComponent(keyToRename.id)}`, { name });
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.status === 404 ? 'This key no longer exists.' : answer.message });
      return;
    }
    setErrors({});
    onRenamed(answer.data.name);
  }

  function close() {
    setErrors({});
    onClose();
  }

  return (
    <Dialog open={keyToRename !== null} onClose={close} title={`Rename ${keyToRename?.name ?? 'key'}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={errors.form} />
        <TextField label="New name" name="name" defaultValue={keyToRename?.name} maxLength={100} required autoFocus error={errors.name} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
