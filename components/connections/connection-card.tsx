import type { ConnectionSummary } from '@/lib/connections/get-connection-summary';
import { formatDateTime } from '@/lib/dashboard/format';
import { ConnectButton } from './connect-button';
import { DisconnectButton } from './disconnect-button';

const BADGE: Record<Exclude<ConnectionSummary['kind'], 'none'>, { text: string; classes: string }> = {
  active: { text: 'Connected', classes: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  operator: { text: 'Linked by an operator', classes: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' },
  revoked: { text: 'Access revoked', classes: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300' },
  unreadable: { text: 'Tokens unreadable', classes: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300' },
};

const EXPLANATION: Record<Exclude<ConnectionSummary['kind'], 'none'>, string> = {
  active: 'Writes through the API and the dashboard act as this account. Its tokens are stored encrypted and refreshed automatically.',
  operator: 'An operator linked this account with the admin CLI, without the OAuth flow: there are no tokens, and the link stays until it is removed.',
  revoked: 'The platform no longer accepts this connection (its access was revoked or has run out). Writes answer 403 until you connect again.',
  unreadable: 'The stored tokens cannot be decrypted with the configured encryption keys. Writes answer 403 until you connect again.',
};

/** The platform account linked to this Perch account, and what can be done about it. */
export function ConnectionCard({ connection }: { connection: ConnectionSummary }) {
  if (connection.kind === 'none') {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No platform account is connected. Connect one to post, reply, quote, like, retweet and follow through the Write API. You sign in on the platform’s own
          page and approve access there; the dashboard receives tokens, never your platform password.
        </p>
        <ConnectButton />
      </div>
    );
  }
  const badge = BADGE[connection.kind];
  const healthy = connection.kind === 'active' || connection.kind === 'operator';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-semibold break-all" aria-label={`Connected account @${connection.username}`}>
          @{connection.username}
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${badge.classes}`}>{badge.text}</span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{EXPLANATION[connection.kind]}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500 dark:text-slate-400">Since</dt>
        <dd>{formatDateTime(connection.connectedAt)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Scopes</dt>
        <dd className="flex flex-wrap gap-1.5">
          {connection.scopes.map((scope) => (
            <code key={scope} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">
              {scope}
            </code>
          ))}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {!healthy && <ConnectButton label="Connect again" />}
        <DisconnectButton label={connection.kind === 'operator' ? 'Remove link' : 'Disconnect'} username={connection.username} />
      </div>
    </div>
  );
}
