import { ApiError } from '@/lib/api/errors';
import { PLATFORM_SCOPES, type PlatformScope } from '@/lib/oauth/scopes';
import type { PlatformActor } from '@/lib/platform/types';

/** The connected account writes act as, with the scopes its owner granted (the access token's, or an operator link's). */
export type ConnectedAccount = PlatformActor & { scopes: readonly string[] };

/**
 * Refuses a write the connected account's grant does not cover: 403 `forbidden`, naming the
 * scope and what to do (reconnect and allow it). An upstream would refuse it the same way.
 */
export function requireScope(account: ConnectedAccount, scope: PlatformScope): void {
  if (account.scopes.includes(scope)) return;
  throw new ApiError(
    'forbidden',
    `the connected account @${account.username} did not grant the ${scope} scope (${PLATFORM_SCOPES[scope].toLowerCase()}): reconnect it in the dashboard (Connections) and allow it`,
    { required_scope: scope, granted_scopes: [...account.scopes] },
  );
}
