'use client';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { usePriceAction, type PriceAction } from './price-action';
import { operationOptions, platformOptions, SelectField, sentence, type PriceChoices } from './price-fields';

/** Changes one price on the list, now or from a later day. */
export function PriceChangeForm({ action, choices }: { action: PriceAction; choices: PriceChoices }) {
  const { errors, done, pending, submit } = usePriceAction(action);
  return (
    <form noValidate onSubmit={submit} aria-label="Change a price" className="flex flex-col gap-4">
      <FormAlert message={sentence(errors.form)} />
      <FormAlert tone="success" message={sentence(done)} />
      <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
        <SelectField label="Platform" name="platform" options={platformOptions(choices)} error={sentence(errors.platform)} />
        <SelectField label="Operation" name="operation" options={operationOptions(choices)} error={sentence(errors.operation)} />
        <TextField label="Credits per unit" name="credits" inputMode="numeric" required hint="Per item, or per call for per-call operations." error={sentence(errors.credits)} />
        <TextField label="Minimum per call (optional)" name="minimum" inputMode="numeric" hint="The least a successful call is charged." error={sentence(errors.minimum)} />
        <TextField label="Effective from (optional)" name="from" type="date" hint="A day (midnight UTC); empty for now." error={sentence(errors.from)} />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Change price'}
        </Button>
      </div>
    </form>
  );
}
