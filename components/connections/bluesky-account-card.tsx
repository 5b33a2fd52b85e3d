import { Card } from '@/components/ui/card';
import type { BlueskySummary } from '@/lib/connections/bluesky-connection';
import { formatDateTime } from '@/lib/dashboard/format';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { BlueskyDisconnectButton } from './bluesky-disconnect-button';

/** The Bluesky account writes on Bluesky act as: the app-password form, or the account and Disconnect. */
export function BlueskyAccountCard({ connection }: { connection: BlueskySummary | null }) {
  return (
    <Card title="Bluesky account">
      {connection ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-2xl font-semibold break-all" aria-label={`Connected Bluesky account @${connection.handle}`}>
              @{connection.handle}
            </p>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${connection.readable ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300'}`}
            >
              {connection.readable ? 'Connected with an app password' : 'App password unreadable'}
            </span>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {connection.readable
              ? 'Writes on Bluesky (the Perch-Platform: bluesky header, or Bluesky as the default platform) act as this account. Its app password is stored encrypted.'
              : 'The stored app password cannot be decrypted with the configured encryption keys. Writes on Bluesky answer 403 until you connect again.'}
          </p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500 dark:text-slate-400">DID</dt>
            <dd className="font-mono text-xs break-all">{connection.did}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Logs in at</dt>
            <dd className="break-all">{connection.serviceUrl}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Since</dt>
            <dd>{formatDateTime(connection.connectedAt)}</dd>
          </dl>
          {!connection.readable && <BlueskyConnectForm label="Connect again" />}
          <div>
            <BlueskyDisconnectButton handle={connection.handle} />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No Bluesky account is connected. Connect one to post, reply, quote, like, repost and follow on Bluesky through the Write API. Perch logs in once with the
            app password to check it, then stores it encrypted; an app password can be revoked at Bluesky at any time.
          </p>
          <BlueskyConnectForm />
        </div>
      )}
    </Card>
  );
}
