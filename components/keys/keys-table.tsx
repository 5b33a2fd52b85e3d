import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate, formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import { KeyActions, type KeyActionHandlers } from './key-actions';
import { KeyCards } from './key-cards';
import { KeyMcpCap } from './key-mcp-cap';
import { KeyRemaining, KeySpend } from './key-limit';
import { KeyStatusBadge } from './key-status-badge';

type Props = { keys: KeySummary[]; emptyText: string; mcpDefaultCap: number } & KeyActionHandlers;

/** Every key of the account with its limits, spend and state, and its actions: a table, or cards on a phone. */
export function KeysTable({ keys, emptyText, mcpDefaultCap, ...handlers }: Props) {
  if (keys.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <>
      <div className="md:hidden">
        <KeyCards keys={keys} mcpDefaultCap={mcpDefaultCap} {...handlers} />
      </div>
      <div className="hidden md:block">
        <TableScroll label="API keys">
          <table className={TABLE_CLASSES}>
            <thead>
              <tr>
                <th scope="col" className={TH_CLASSES}>Name</th>
                <th scope="col" className={TH_CLASSES}>Key</th>
                <th scope="col" className={TH_CLASSES}>Scopes, rate, MCP cap</th>
                <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits spent</th>
                <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Remaining</th>
                <th scope="col" className={TH_CLASSES}>Last used</th>
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
                  <th scope="row" className={`${TD_CLASSES} max-w-48 truncate font-medium`} title={`${key.name}, created ${formatDate(key.createdAt)}`}>
                    {key.name}
                  </th>
                  <td className={`${TD_CLASSES} font-mono text-xs`}>
                    {key.display}
                    {key.previousSecretValidUntil && (
                      <span className="block font-sans text-slate-500 dark:text-slate-400">old secret works until {formatDateTime(key.previousSecretValidUntil)}</span>
                    )}
                  </td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>
                    {key.scopes.join(', ')}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{formatNumber(key.rateLimit)}/s</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      MCP: <KeyMcpCap apiKey={key} defaultCap={mcpDefaultCap} /> credits/call
                    </span>
                  </td>
                  <td className={`${TD_CLASSES} ${NUM_CLASSES} whitespace-nowrap`}>
                    <KeySpend apiKey={key} />
                  </td>
                  <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>
                    <KeyRemaining apiKey={key} />
                  </td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{key.expiresAt ? formatDate(key.expiresAt) : 'never'}</td>
                  <td className={TD_CLASSES}>
                    <KeyStatusBadge status={key.status} />
                  </td>
                  <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                    <KeyActions apiKey={key} {...handlers} />
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
