import { TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { actionName } from '@/lib/audit/action-names';
import type { AuditEvent } from '@/lib/audit/list-audit-events';
import { formatDateTime } from '@/lib/dashboard/format';
import { StateDiffView } from './state-diff-view';

const ACTOR_KINDS: Record<AuditEvent['actorKind'], string> = { person: 'Person', key: 'API key', admin: 'Site admin', system: 'Perch' };

/** Lines of the audit log, newest first; each opens to the state before and after. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No events match these filters.</p>;
  return (
    <TableScroll label="Audit log">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Time</th>
            <th scope="col" className={TH_CLASSES}>Actor</th>
            <th scope="col" className={TH_CLASSES}>Action</th>
            <th scope="col" className={TH_CLASSES}>Target</th>
            <th scope="col" className={TH_CLASSES}>IP</th>
            <th scope="col" className={TH_CLASSES}>Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} data-audit-id={e.id} className="align-top">
              <td className={`${TD_CLASSES} whitespace-nowrap`}>
                <time dateTime={e.at} title={e.at}>
                  {formatDateTime(e.at)}
                </time>
              </td>
              <td className={TD_CLASSES}>
                <span className="block">{e.actorLabel}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{ACTOR_KINDS[e.actorKind]}</span>
              </td>
              <td className={TD_CLASSES}>
                <span className="block">{actionName(e.action)}</span>
                <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{e.action}</span>
              </td>
              <td className={TD_CLASSES}>
                {e.targetKind ? (
                  <>
                    <span className="block break-all">{e.targetLabel ?? e.targetId}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {e.targetKind} {e.targetId}
                    </span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className={`${TD_CLASSES} font-mono text-xs`}>{e.ip ?? '—'}</td>
              <td className={`${TD_CLASSES} min-w-64`}>
                <details>
                  <summary className="cursor-pointer text-brand-700 dark:text-brand-400">{e.before != null && e.after != null ? 'Before / after' : 'Details'}</summary>
                  <div className="mt-2">
                    <StateDiffView before={e.before} after={e.after} />
                  </div>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
