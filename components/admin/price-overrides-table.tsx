'use client';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TABLE_CLASSES, TableScroll, TD_CLASSES, TH_CLASSES } from '@/components/ui/table-scroll';
import type { OverrideListing } from '@/lib/admin/list-price-overrides';
import { formatDateTime } from '@/lib/dashboard/format';
import { usePriceAction, type PriceAction } from './price-action';
import { sentence } from './price-fields';

function terms(o: OverrideListing): string {
  if (o.withdrawn) return 'withdrawn (back to the list price)';
  if (o.unitCredits !== null) return `own price: ${o.unitCredits} credits per unit, no minimum`;
  return `${o.discountPercent}% off the list price`;
}

/** The overrides in force and scheduled; one in force can be withdrawn from now on. */
export function PriceOverridesTable({ overrides, withdraw }: { overrides: OverrideListing[]; withdraw: PriceAction }) {
  const { errors, done, pending, send } = usePriceAction(withdraw);

  function withdrawOne(o: OverrideListing) {
    const form = new FormData();
    form.set('workspace', o.workspaceId);
    form.set('platform', o.platform ?? 'all');
    form.set('operation', o.operation ?? 'all');
    form.set('withdraw', 'true');
    void send(form);
  }

  const problem = Object.values(errors)[0];
  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={sentence(problem)} />
      <FormAlert tone="success" message={sentence(done)} />
      {overrides.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No workspace has terms of its own: everyone pays the list price.</p>
      ) : (
        <TableScroll label="Overrides in force">
          <table className={TABLE_CLASSES}>
            <thead>
              <tr>
                <th className={TH_CLASSES}>Workspace</th>
                <th className={TH_CLASSES}>Platform</th>
                <th className={TH_CLASSES}>Operation</th>
                <th className={TH_CLASSES}>Terms</th>
                <th className={TH_CLASSES}>From</th>
                <th className={TH_CLASSES}>State</th>
                <th className={TH_CLASSES}>By</th>
                <th className={TH_CLASSES}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overrides.map((o) => (
                <tr key={`${o.workspaceId}|${o.platform}|${o.operation}|${o.effectiveFrom}`}>
                  <td className={TD_CLASSES}>
                    <span className="font-medium">{o.slug}</span> <span className="text-xs text-slate-500 dark:text-slate-400">{o.name}</span>
                  </td>
                  <td className={TD_CLASSES}>{o.platform ?? 'all'}</td>
                  <td className={TD_CLASSES}>{o.operation ?? 'all'}</td>
                  <td className={TD_CLASSES}>{terms(o)}</td>
                  <td className={TD_CLASSES}>{formatDateTime(o.effectiveFrom)}</td>
                  <td className={TD_CLASSES}>{o.state}</td>
                  <td className={TD_CLASSES}>{o.createdBy}</td>
                  <td className={TD_CLASSES}>
                    {o.state === 'in force' && (
                      <Button variant="secondary" className="px-3 py-1" disabled={pending} onClick={() => withdrawOne(o)} aria-label={`Withdraw ${o.slug}'s override for ${o.operation ?? 'every operation'} on ${o.platform ?? 'every platform'}`}>
                        Withdraw
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
