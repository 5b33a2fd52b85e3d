import { Button } from '@/components/ui/button';
import { TABLE_CLASSES, TD_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatNumber } from '@/lib/dashboard/format';
import type { DashboardRule } from '@/lib/dashboard/get-realtime';
import { TableHead } from './table-head';

export type RuleActionHandlers = { onEdit: (rule: DashboardRule) => void; onToggle: (rule: DashboardRule) => void; onDelete: (rule: DashboardRule) => void };

const SMALL = 'px-2.5 py-1 text-xs';

function statusText(rule: DashboardRule): string {
  return rule.status === 'active' ? 'active' : `paused (${rule.pausedReason?.replaceAll('_', ' ')})`;
}

/** The account's rules of every key, with live match counts and their actions. */
export function RulesTable({ rules, busyId, ...handlers }: { rules: DashboardRule[]; busyId: string | null } & RuleActionHandlers) {
  if (rules.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No rules yet: create one above.</p>;
  return (
    <TableScroll label="Rules table">
      <table className={TABLE_CLASSES}>
        <TableHead columns={['Tag', 'Type', 'Platform', 'Query or accounts', 'Status', 'Key', 'Matches', '']} />
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row" className={`${TD_CLASSES} font-medium`}>
                {rule.tag}
              </th>
              <td className={TD_CLASSES}>{rule.kind}</td>
              <td className={TD_CLASSES}>{rule.platform}</td>
              <td className={`${TD_CLASSES} max-w-96 break-words font-mono text-xs`}>{rule.definition}</td>
              <td className={TD_CLASSES}>{statusText(rule)}</td>
              <td className={TD_CLASSES}>
                {rule.keyName}
                {!rule.keyUsable && <span className="block text-xs text-slate-500 dark:text-slate-400">revoked or expired: matches nothing</span>}
              </td>
              <td className={`${TD_CLASSES} tabular-nums`}>{formatNumber(rule.matches)}</td>
              <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                {rule.keyUsable ? (
                  <div className="flex justify-end gap-2">
                    <Button variant="secondary" className={SMALL} onClick={() => handlers.onEdit(rule)} aria-label={`Edit ${rule.tag}`}>
                      Edit
                    </Button>
                    <Button variant="secondary" className={SMALL} disabled={busyId === rule.id} onClick={() => handlers.onToggle(rule)} aria-label={`${rule.status === 'active' ? 'Pause' : 'Resume'} ${rule.tag}`}>
                      {rule.status === 'active' ? 'Pause' : 'Resume'}
                    </Button>
                    <Button variant="danger" className={SMALL} onClick={() => handlers.onDelete(rule)} aria-label={`Delete ${rule.tag}`}>
                      Delete
                    </Button>
                  </div>
                ) : (
                  <span className="text-xs text-slate-500 dark:text-slate-400">delete the key to remove it</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
