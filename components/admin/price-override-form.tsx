'use client';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { usePriceAction, type PriceAction } from './price-action';
import { operationOptions, platformOptions, SelectField, sentence, type PriceChoices } from './price-fields';

/** Gives a workspace its own terms: a discount on the list, or a price of its own. */
export function PriceOverrideForm({ action, choices, workspaces }: { action: PriceAction; choices: PriceChoices; workspaces: string[] }) {
  const { errors, done, pending, submit } = usePriceAction(action);
  return (
    <form noValidate onSubmit={submit} aria-label="Add an override" className="flex flex-col gap-4">
      <FormAlert message={sentence(errors.form ?? errors.terms ?? errors.withdraw)} />
      <FormAlert tone="success" message={sentence(done)} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Workspace" name="workspace" list="price-override-workspaces" autoComplete="off" required hint="Its slug (from its URL) or id." error={sentence(errors.workspace)} />
        <SelectField label="Platform" name="platform" options={platformOptions(choices, 'every platform')} error={sentence(errors.platform)} />
        <SelectField label="Operation" name="operation" options={operationOptions(choices, 'every operation')} error={sentence(errors.operation)} />
        <TextField label="Discount (%)" name="discount" inputMode="numeric" hint="Off the list price, rounded to whole credits per unit." error={sentence(errors.discount)} />
        <TextField label="Or its own price (credits per unit)" name="credits" inputMode="numeric" hint="Replaces the list price; no minimum applies." error={sentence(errors.credits)} />
        <TextField label="Effective from (optional)" name="from" type="date" hint="A day (midnight UTC); empty for now." error={sentence(errors.from)} />
      </div>
      <datalist id="price-override-workspaces">
        {workspaces.map((slug) => (
          <option key={slug} value={slug} />
        ))}
      </datalist>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Add override'}
        </Button>
      </div>
    </form>
  );
}
