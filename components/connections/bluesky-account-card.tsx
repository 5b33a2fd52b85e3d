import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import type { BlueskySummary } from '@/lib/connections/bluesky-connection';
import type { BlueskyCallbackFailure } from '@/lib/connections/bluesky-oauth-flow';
import { formatDateTime } from '@/lib/dashboard/format';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { BlueskyDisconnectButton } from './bluesky-disconnect-button';
import { BlueskyOAuthForm } from './bluesky-oauth-form';

const FAILURES: Record<BlueskyCallbackFailure, string> = {
  denied: 'You did not allow access on Bluesky, so nothing was connected.',
  wrong_account: 'That Bluesky sign-in was started by another Perch account or too long ago, so it was refused. Start again.',
  expired: 'That Bluesky sign-in expired, was already used, or Bluesky refused it. Start again.',
  failed: 'Connecting to Bluesky failed. Start again, or connect with an app password.',
};

type Props = {
  connection: BlueskySummary | null;
  /** Whether Sign in with Bluesky (atproto OAuth) is offered: the deployment has PERCH_PUBLIC_URL. */
  oauth: boolean;
  /** The OAuth callback's outcome, from the redirect's query (fixed messages only). */
  flash: { connected?: string; error?: string };
};

/** How to connect: Sign in with Bluesky where offered, and the app-password form. */
function ConnectOptions({ oauth, label }: { oauth: boolean; label?: string }) {
  if (!oauth) return <BlueskyConnectForm label={label} />;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">With your Bluesky sign-in</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">You approve access on your account’s own Bluesky page; Perch receives tokens, never a password.</p>
        <BlueskyOAuthForm />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">With an app password</h3>
        <BlueskyConnectForm label={label} />
      </div>
    </div>
  );
}

/** The Bluesky account writes on Bluesky act as: how to connect one, or the account and Disconnect. */
export function BlueskyAccountCard({ connection, oauth, flash }: Props) {
  const failure = flash.error && Object.hasOwn(FAILURES, flash.error) ? FAILURES[flash.error as BlueskyCallbackFailure] : flash.error ? FAILURES.failed : null;
  return (
    <Card title="Bluesky account">
      <div className="mb-4 empty:hidden">
        <FormAlert message={failure} />
        {flash.connected && connection && <FormAlert tone="success" message={`Connected @${connection.handle} on Bluesky.`} />}
      </div>
      {connection ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-2xl font-semibold break-all" aria-label={`Connected Bluesky account @${connection.handle}`}>
              @{connection.handle}
            </p>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${connection.readable ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300'}`}
            >
              {!connection.readable ? 'App password unreadable' : connection.linkedVia === 'oauth' ? 'Connected with Bluesky sign-in' : 'Connected with an app password'}
            </span>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {!connection.readable
              ? 'The stored app password cannot be decrypted with the configured encryption keys. Writes on Bluesky answer 403 until you connect again.'
              : `Writes on Bluesky (the Perch-Platform: bluesky header, or Bluesky as the default platform) act as this account. ${connection.linkedVia === 'oauth' ? 'Its OAuth tokens are stored encrypted and refreshed automatically; if Bluesky ends the session, writes answer 403 until you connect again.' : 'Its app password is stored encrypted.'}`}
          </p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500 dark:text-slate-400">DID</dt>
            <dd className="font-mono text-xs break-all">{connection.did}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Logs in at</dt>
            <dd className="break-all">{connection.serviceUrl}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Since</dt>
            <dd>{formatDateTime(connection.connectedAt)}</dd>
          </dl>
          {!connection.readable && <ConnectOptions oauth={oauth} label="Connect again" />}
          <div>
            <BlueskyDisconnectButton handle={connection.handle} />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No Bluesky account is connected. Connect one to post, reply, quote, like, repost and follow on Bluesky through the Write API. With an app password,
            Perch logs in once to check it, then stores it encrypted; an app password can be revoked at Bluesky at any time.
          </p>
          <ConnectOptions oauth={oauth} />
        </div>
      )}
    </Card>
  );
}
