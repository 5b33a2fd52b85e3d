'use client';

import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

/** The new workspace's name; on success, a full load of its dashboard (the shell belongs to a workspace). */
export function CreateWorkspaceForm() {
  const { errors, pending, submit } = useJsonForm<{ slug: string }>(
    (form) => sendJson('POST', '/api/dashboard/workspaces', { name: form.get('name') }),
    (data) => window.location.assign(workspaceHref(data.slug, '/dashboard')),
    { keepPending: true },
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Create a workspace" className="flex max-w-md flex-col gap-4">
      <FormAlert message={errors.form} />
      <TextField label="Workspace name" name="name" required maxLength={80} placeholder="e.g. Acme research" hint="You can invite people once it exists." error={errors.name} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create workspace'}
        </Button>
      </div>
    </form>
  );
}
