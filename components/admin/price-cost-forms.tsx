'use client';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { usePriceAction, type PriceAction } from './price-action';
import { operationOptions, platformOptions, SelectField, sentence, type PriceChoices } from './price-fields';

/** Sets what an operation costs the operator upstream, per request and per item, in money. */
export function UpstreamCostForm({ action, choices, currency }: { action: PriceAction; choices: PriceChoices; currency: string | null }) {
  const { errors, done, pending, submit } = usePriceAction(action);
  const example = `e.g. 0.005${currency ? ` ${currency}` : ''}`;
  return (
    <form noValidate onSubmit={submit} aria-label="Set an upstream cost" className="flex flex-col gap-4">
      <FormAlert message={sentence(errors.form)} />
      <FormAlert tone="success" message={sentence(done)} />
      <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
        <SelectField label="Platform" name="platform" options={platformOptions(choices)} error={sentence(errors.platform)} />
        <SelectField label="Operation" name="operation" options={operationOptions(choices)} error={sentence(errors.operation)} />
        <TextField label="Cost per request" name="perRequest" hint={`Money, ${example}; empty for 0.`} error={sentence(errors.perRequest)} />
        <TextField label="Cost per item" name="perItem" hint={`Money, ${example}; empty for 0.`} error={sentence(errors.perItem)} />
        <TextField label="Effective from (optional)" name="from" type="date" hint="A day (midnight UTC); empty for now." error={sentence(errors.from)} />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Set upstream cost'}
        </Button>
      </div>
    </form>
  );
}

/** Sets what one credit is worth in money, which turns credits into money in and margin. */
export function CreditValueForm({ action }: { action: PriceAction }) {
  const { errors, done, pending, submit } = usePriceAction(action);
  return (
    <form noValidate onSubmit={submit} aria-label="Set the credit value" className="flex flex-col gap-4">
      <FormAlert message={sentence(errors.form)} />
      <FormAlert tone="success" message={sentence(done)} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Value of one credit" name="value" required hint="Money, e.g. 0.001 (a thousand credits for 1.00)." error={sentence(errors.value)} />
        <TextField label="Currency" name="currency" defaultValue="USD" maxLength={3} hint="A 3-letter code; upstream costs are in it too." error={sentence(errors.currency)} />
        <TextField label="Effective from (optional)" name="from" type="date" hint="A day (midnight UTC); empty for now." error={sentence(errors.from)} />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Set credit value'}
        </Button>
      </div>
    </form>
  );
}
