import { Button } from '@/components/ui/button';
import { TABLE_CLASSES, TD_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatNumber } from '@/lib/dashboard/format';
import type { DashboardRule } from '@/lib/dashboard/get-realtime';
import { TableHead } from './table-head';

export type RuleActionHandlers = {
  onEdit: (rule: DashboardRule) => void;
  onToggle: (rule: DashboardRule) => void;
  onDelete: (rule: DashboardRule) => void;
  /** Opens the monitor's timeline of events. */
  onEvents: (rule: DashboardRule) => void;
};

const SMALL = 'px-2.5 py-1 text-xs';

function statusText(rule: DashboardRule): string {
  return rule.status === 'active' ? 'active' : `paused (${rule.pausedReason?.replaceAll('_', ' ')})`;
}

/** What a follows monitor watches, in words: "@brand · followers". */
function watched(rule: DashboardRule): string {
  return rule.kind === 'follows' ? `@${rule.accounts[0] ?? ''} · ${rule.direction ?? 'followers'}` : rule.definition;
}

type TableProps = {
  rules: DashboardRule[];
  busyId: string | null;
  /** The table's accessible name ("Tweet monitors table") and what its columns call the definition and the events. */
  label: string;
  definitionColumn: string;
  countColumn: string;
  emptyText: string;
  /** The monitor whose timeline is open. */
  openId: string | null;
} & RuleActionHandlers;

/** One family of the account's monitors (of every key), with live event counts and their actions. */
export function RulesTable({ rules, busyId, label, definitionColumn, countColumn, emptyText, openId, ...handlers }: TableProps) {
  if (rules.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <TableScroll label={label}>
      <table className={TABLE_CLASSES}>
        <TableHead columns={['Tag', 'Type', 'Platform', definitionColumn, 'Status', 'Key', countColumn, '']} />
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row" className={`${TD_CLASSES} font-medium`}>
                {rule.tag}
              </th>
              <td className={TD_CLASSES}>{rule.kind}</td>
              <td className={TD_CLASSES}>{rule.platform}</td>
              <td className={`${TD_CLASSES} max-w-96 break-words font-mono text-xs`}>{watched(rule)}</td>
              <td className={TD_CLASSES}>{statusText(rule)}</td>
              <td className={TD_CLASSES}>
                {rule.keyName}
                {!rule.keyUsable && <span className="block text-xs text-slate-500 dark:text-slate-400">revoked or expired: matches nothing</span>}
              </td>
              <td className={`${TD_CLASSES} tabular-nums`}>{formatNumber(rule.matches)}</td>
              <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" className={SMALL} onClick={() => handlers.onEvents(rule)} aria-label={`Events of ${rule.tag}`} aria-pressed={openId === rule.id}>
                    Events
                  </Button>
                  {rule.keyUsable ? (
                    <>
                      <Button variant="secondary" className={SMALL} onClick={() => handlers.onEdit(rule)} aria-label={`Edit ${rule.tag}`}>
                        Edit
                      </Button>
                      <Button variant="secondary" className={SMALL} disabled={busyId === rule.id} onClick={() => handlers.onToggle(rule)} aria-label={`${rule.status === 'active' ? 'Pause' : 'Resume'} ${rule.tag}`}>
                        {rule.status === 'active' ? 'Pause' : 'Resume'}
                      </Button>
                      <Button variant="danger" className={SMALL} onClick={() => handlers.onDelete(rule)} aria-label={`Delete ${rule.tag}`}>
                        Delete
                      </Button>
                    </>
                  ) : (
                    <span className="self-center text-xs text-slate-500 dark:text-slate-400">delete the key to remove it</span>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
