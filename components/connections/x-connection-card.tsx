import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { getXHandle } from '@/lib/connections/x-connection';
import type { ConnectFailure } from '@/lib/connections/complete-connection';

// The X account writes on X act as: "Connect X account" (OAuth 2.0 with PKCE at X) or
// "Disconnect". Shown when the deployment serves X; its outcome comes back as ?x=….

const OUTCOMES: Record<ConnectFailure | 'connected' | 'disconnected' | 'not_configured', { tone: 'success' | 'error'; message: string }> = {
  connected: { tone: 'success', message: 'X account connected.' },
  disconnected: { tone: 'success', message: 'X account disconnected: writes on X answer 403 until you connect again.' },
  not_configured: { tone: 'error', message: 'This deployment has no X app client (PERCH_X_CLIENT_ID), so X accounts cannot be connected.' },
  flow_expired: { tone: 'error', message: 'That X connection attempt expired or was started in another browser session. Start again.' },
  state_mismatch: { tone: 'error', message: 'X’s answer did not match the connection attempt this browser started, so it was refused. Start again.' },
  denied: { tone: 'error', message: 'You did not allow access on X, so nothing was connected.' },
  platform_error: { tone: 'error', message: 'X refused the connection request. Start again.' },
  code_refused: { tone: 'error', message: 'X refused the authorization code (it expired or was already used). Start again.' },
  scopes: { tone: 'error', message: 'X granted fewer permissions than writes need, so nothing was connected.' },
};

/** The X account card of the connections page. */
export async function XConnectionCard({ userId, outcome, canConnect }: { userId: string; outcome: string | undefined; canConnect: boolean }) {
  const handle = await getXHandle(userId);
  const flash = outcome && Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome as keyof typeof OUTCOMES] : null;
  return (
    <Card title="X account">
      {flash && (
        <div className="mb-3">
          <FormAlert tone={flash.tone} message={flash.message} />
        </div>
      )}
      {handle ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">Writes on X act as @{handle}.</p>
          <form method="post" action="/dashboard/connections/x/disconnect">
            <Button type="submit" variant="secondary">
              Disconnect X account
            </Button>
          </form>
        </div>
      ) : canConnect ? (
        <form method="post" action="/dashboard/connections/x/connect">
          <Button type="submit">Connect X account</Button>
        </form>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Connecting an X account needs the X app’s OAuth 2.0 client: set <code>PERCH_X_CLIENT_ID</code> (and <code>PERCH_X_CLIENT_SECRET</code>).
        </p>
      )}
    </Card>
  );
}
