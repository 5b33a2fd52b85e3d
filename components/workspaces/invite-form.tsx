'use client';

import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError, INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import { ROLE_LABELS, ROLE_SUMMARIES, type Role } from '@/lib/workspaces/roles';

/** Email and role (only those the inviter may hand out); the server mails the link. */
export function InviteForm({ roles, onInvited }: { roles: Role[]; onInvited: (email: string) => void }) {
  const { errors, pending, submit } = useJsonForm<{ invitation: { email: string } }>(
    (form) => sendJson('POST', '/api/dashboard/invitations', { email: form.get('email'), role: form.get('role') }),
    (data, form) => {
      form.reset();
      onInvited(data.invitation.email);
    },
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Invite a member" className="flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email address" name="email" type="email" required maxLength={254} autoComplete="off" placeholder="name@example.com" error={errors.email} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium">
            Role
          </label>
          <select id="invite-role" name="role" defaultValue={roles.includes('developer') ? 'developer' : roles[0]} className={INPUT_CLASSES} aria-describedby={errors.role ? 'invite-role-error' : undefined}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}: {ROLE_SUMMARIES[role]}
              </option>
            ))}
          </select>
          <FieldError id="invite-role-error" message={errors.role} />
        </div>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
