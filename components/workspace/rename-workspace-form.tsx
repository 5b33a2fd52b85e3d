'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Renames the workspace; its address (the slug in every link) stays. */
export function RenameWorkspaceForm({ name, slug, maxLength }: { name: string; slug: string; maxLength: number }) {
  const router = useRouter();
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, pending, submit } = useJsonForm(
    (form) => {
      setSaved(null);
      return sendJson<{ name: string }>('PATCH', '/api/dashboard/workspace', { name: form.get('name') });
    },
    (data) => {
      setSaved(`Renamed to ${data.name}`);
      // The header's switcher shows the name: render it again.
      router.refresh();
    },
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Rename workspace" className="flex max-w-md flex-col gap-4">
      <FormAlert message={errors.form} />
      <FormAlert message={saved} tone="success" />
      <TextField label="Name" name="name" defaultValue={name} maxLength={maxLength} required error={errors.name} hint={`Its address stays /w/${slug}: links keep working.`} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
