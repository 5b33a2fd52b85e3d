import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate, formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import { KeyActions, type KeyActionHandlers } from './key-actions';
import { KeyCards } from './key-cards';
import { KeyStatusBadge } from './key-status-badge';

type Props = { keys: KeySummary[] } & KeyActionHandlers;

/** Every key of the account with its limits, spend and state, and its actions: a table, or cards on a phone. */
export function KeysTable({ keys, onRename, onRevoke }: Props) {
  if (keys.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No keys yet. Create one above to call /v2.</p>;
  return (
    <>
      <div className="md:hidden">
        <KeyCards keys={keys} onRename={onRename} onRevoke={onRevoke} />
      </div>
      <div className="hidden md:block">
        <TableScroll label="API keys">
          <table className={TABLE_CLASSES}>
            <thead>
              <tr>
                <th scope="col" className={TH_CLASSES}>Name</th>
                <th scope="col" className={TH_CLASSES}>Key</th>
                <th scope="col" className={TH_CLASSES}>Scopes</th>
                <th scope="col" className={TH_CLASSES}>Created</th>
                <th scope="col" className={TH_CLASSES}>Last used</th>
                <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits spent</th>
                <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Limit</th>
                <th scope="col" className={TH_CLASSES}>Expires</th>
                <th scope="col" className={TH_CLASSES}>Status</th>
                <th scope="col" className={TH_CLASSES}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row" className={`${TD_CLASSES} max-w-48 truncate font-medium`} title={key.name}>
                    {key.name}
                  </th>
                  <td className={`${TD_CLASSES} font-mono text-xs`}>{key.display}</td>
                  <td className={TD_CLASSES}>{key.scopes.join(', ')}</td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{formatDate(key.createdAt)}</td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
                  <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(key.creditsSpent)}</td>
                  <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{key.creditLimit === null ? 'none' : formatNumber(key.creditLimit)}</td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{key.expiresAt ? formatDate(key.expiresAt) : 'never'}</td>
                  <td className={TD_CLASSES}>
                    <KeyStatusBadge status={key.status} />
                  </td>
                  <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                    <KeyActions apiKey={key} onRename={onRename} onRevoke={onRevoke} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </>
  );
}
