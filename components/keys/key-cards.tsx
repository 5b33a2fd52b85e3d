import { formatDate, formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';
import { KeyActions, type KeyActionHandlers } from './key-actions';
import { KeyRemaining, KeySpend } from './key-limit';
import { KeyMcpCap } from './key-mcp-cap';
import { KeyStatusBadge } from './key-status-badge';

/** The keys as cards, for phones: every field and the actions without scrolling sideways. */
export function KeyCards({ keys, mcpDefaultCap, ...handlers }: { keys: KeySummary[]; mcpDefaultCap: number } & KeyActionHandlers) {
  return (
    <ul aria-label="API keys" className="flex flex-col gap-3">
      {keys.map((key) => (
        <li key={key.id} aria-label={key.name} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{key.name}</p>
              <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{key.display}</p>
            </div>
            <KeyStatusBadge status={key.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-500 dark:text-slate-400">Scopes</dt>
            <dd>{key.scopes.join(', ')}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Credits spent</dt>
            <dd className="tabular-nums">
              <KeySpend apiKey={key} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Remaining</dt>
            <dd className="tabular-nums">
              <KeyRemaining apiKey={key} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Rate limit</dt>
            <dd className="tabular-nums">{formatNumber(key.rateLimit)}/s</dd>
            <dt className="text-slate-500 dark:text-slate-400">MCP cap per call</dt>
            <dd className="tabular-nums">
              <KeyMcpCap apiKey={key} defaultCap={mcpDefaultCap} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Created</dt>
            <dd>{formatDate(key.createdAt)}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Last used</dt>
            <dd>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Expires</dt>
            <dd>{key.expiresAt ? formatDate(key.expiresAt) : 'never'}</dd>
            {key.previousSecretValidUntil && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Old secret</dt>
                <dd>works until {formatDateTime(key.previousSecretValidUntil)}</dd>
              </>
            )}
          </dl>
          <div className="mt-2 -mb-1 flex justify-end">
            <KeyActions apiKey={key} {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
