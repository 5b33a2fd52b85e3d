import { FormAlert } from '@/components/ui/form-alert';
import type { ConnectFailure } from '@/lib/connections/complete-connection';

const FAILURES: Record<ConnectFailure, string> = {
  flow_expired: 'That connection attempt expired or was started in another browser session. Start again.',
  state_mismatch: 'The platform’s answer did not match the connection attempt this browser started, so it was refused. Start again.',
  denied: 'You did not allow access on the platform, so nothing was connected.',
  platform_error: 'The platform refused the connection request. Start again.',
  code_refused: 'The platform refused the authorization code (it expired or was already used). Start again.',
  scopes: 'The platform granted fewer permissions than writes need, so nothing was connected.',
};

type Flash = { connected?: string; disconnected?: string; error?: string; reason?: string };

/** The outcome of the last connect or disconnect, from the redirect's query (fixed messages only). */
export function ConnectionFlash({ flash, username }: { flash: Flash; username: string | null }) {
  if (flash.connected && username) return <FormAlert tone="success" message={`Connected @${username}.`} />;
  if (flash.disconnected) return <FormAlert tone="success" message="Disconnected. The platform revoked the tokens; writes answer 403 until you connect again." />;
  if (flash.error) {
    const reason = flash.reason && Object.hasOwn(FAILURES, flash.reason) ? FAILURES[flash.reason as ConnectFailure] : 'Connecting failed. Start again.';
    const code = /^[a-z_]{1,40}$/.test(flash.error) ? ` (${flash.error})` : '';
    return <FormAlert message={`${reason}${code}`} />;
  }
  return null;
}
