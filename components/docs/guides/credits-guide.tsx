import type { DocsModel } from '@/lib/docs/docs-model';
import { priceText } from '@/lib/playground/price-text';
import { C, GuideSection } from '../guide-section';

type Row = { price: string; operations: string[] };

function priceRows(model: DocsModel): Row[] {
  const rows = new Map<string, string[]>();
  for (const tag of model.tags) {
    for (const op of tag.operations) {
      const price = priceText(op.credits);
      rows.set(price, [...(rows.get(price) ?? []), op.id]);
    }
  }
  return [...rows].map(([price, operations]) => ({ price, operations }));
}

/** What calls cost and how holds, settlement and max_credits work, with the price list taken from the operations. */
export function CreditsGuide({ model }: { model: DocsModel }) {
  return (
    <GuideSection id="credits" title="Credits">
      <p>
        Each call costs credits from your account. List operations charge per item returned (an empty page costs 0); checks, writes and trends cost a fixed price per call.
        Errors never cost anything. Prices come from the operator&apos;s price list and can change; these are the list prices on this deployment&apos;s default
        platform (<C>{model.platform}</C>), each operation below names another platform&apos;s where it differs, and <C>x-credits</C> in the OpenAPI document gives them all.
        A workspace with its own terms pays those: the playground shows them.
      </p>
      <ul className="flex flex-col gap-2">
        {priceRows(model).map((row) => (
          <li key={row.price} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <p className="font-medium text-slate-900 dark:text-slate-100">{row.price}</p>
            <p className="mt-1 break-words font-mono text-xs text-slate-600 dark:text-slate-400">{row.operations.join(', ')}</p>
          </li>
        ))}
      </ul>
      <p>
        Before running a call the service holds the most it can cost (<C>count × price</C>, or the per-call price; never less than a per-call minimum, where the price has one) and answers <C>402 insufficient_credits</C> without doing the work
        when your balance, or the key&apos;s remaining limit, cannot cover it. Afterwards the hold is settled to the real charge, reported in <C>meta.credits_charged</C> with your new
        balance in <C>meta.credits_remaining</C>.
      </p>
      <p>
        To cap a call, send <C>max_credits</C> (query string for GET and DELETE, JSON body for POST): <C>count</C> is lowered to <C>floor(max_credits / price)</C>, and a cap too low for a
        single item (or the minimum) is a 400.
      </p>
    </GuideSection>
  );
}
