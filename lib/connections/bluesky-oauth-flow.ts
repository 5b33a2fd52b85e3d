import { Agent } from '@atproto/api';
import { OAuthCallbackError, OAuthResolverError, type NodeOAuthClient } from '@atproto/oauth-client-node';
import { seal, unseal } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import { InvalidInputError, UnavailableError } from '@/lib/platform/errors';
import { removeBlueskyConnection, saveBlueskyOAuthConnection } from './bluesky-connection';
import { BLUESKY_OAUTH_SCOPE } from './bluesky-oauth-client';

// "Sign in with Bluesky": the dashboard starts an authorization for a handle and the callback
// stores the connection. The OAuth client keeps the PKCE verifier and DPoP key in its state
// store; the application state it returns at the callback names the Perch account that
// started the flow, sealed, so a callback reached by another signed-in account is refused.

const STATE_CONTEXT = 'bluesky-oauth-state';
const STATE_TTL_MS = 10 * 60_000;

/** The PDS authorization page to send the browser to; InvalidInputError when the handle does not resolve. */
export async function startBlueskyAuthorization(client: NodeOAuthClient, userId: string, handle: string): Promise<string> {
  const state = seal(JSON.stringify({ userId, startedAt: Date.now() }), STATE_CONTEXT);
  try {
    return (await client.authorize(handle, { state, scope: BLUESKY_OAUTH_SCOPE })).href;
  } catch (error) {
    if (error instanceof OAuthResolverError) throw new InvalidInputError(`No Bluesky account was found for ${handle}: ${error.message}`, 'handle');
    throw new UnavailableError(`Bluesky's authorization server could not be reached: ${(error as Error).message}`);
  }
}

export type BlueskyCallbackFailure = 'denied' | 'wrong_account' | 'expired' | 'failed';
export type BlueskyCallbackResult = { ok: true; handle: string } | { ok: false; reason: BlueskyCallbackFailure };

function startedBy(state: string | null | undefined, userId: string): boolean {
  try {
    const parsed = JSON.parse(unseal(state ?? '', STATE_CONTEXT)) as { userId?: string; startedAt?: number };
    return parsed.userId === userId && Date.now() - (parsed.startedAt ?? 0) < STATE_TTL_MS;
  } catch {
    return false;
  }
}

/** Redeems the callback's code (the client checks state, issuer and PKCE) and stores the connection. */
export async function completeBlueskyAuthorization(client: NodeOAuthClient, userId: string, params: URLSearchParams): Promise<BlueskyCallbackResult> {
  let result: Awaited<ReturnType<NodeOAuthClient['callback']>>;
  try {
    result = await client.callback(params);
  } catch (error) {
    if (error instanceof OAuthCallbackError && error.params.get('error') === 'access_denied') return { ok: false, reason: 'denied' };
    // An unknown or spent state (the client's own, ten minutes), a refused code, a wrong issuer.
    return { ok: false, reason: error instanceof OAuthCallbackError ? 'expired' : 'failed' };
  }
  const { session, state } = result;
  if (!startedBy(state, userId)) {
    await endBlueskySessionUnlessUsed(client, session.did);
    return { ok: false, reason: 'wrong_account' };
  }
  let handle: string;
  try {
    handle = (await new Agent(session).com.atproto.repo.describeRepo({ repo: session.did })).data.handle;
  } catch {
    // Approved, but the PDS does not answer for the account: nothing is stored.
    await endBlueskySessionUnlessUsed(client, session.did);
    return { ok: false, reason: 'failed' };
  }
  const previous = await removeBlueskyConnection(userId);
  await saveBlueskyOAuthConnection(userId, { did: session.did, handle, identifier: handle, serviceUrl: session.serverMetadata.issuer });
  if (previous?.linkedVia === 'oauth' && previous.did !== session.did) await endBlueskySessionUnlessUsed(client, previous.did);
  return { ok: true, handle };
}

/** Revokes a DID's OAuth session at its authorization server and deletes it here, unless a Perch account still connects through it. */
export async function endBlueskySessionUnlessUsed(client: NodeOAuthClient | null, did: string): Promise<void> {
  const { rows } = await getPool().query("SELECT 1 FROM bluesky_connections WHERE did = $1 AND linked_via = 'oauth' LIMIT 1", [did]);
  if (rows.length > 0) return;
  if (client) {
    // Revocation at the server is best effort: the local copy is deleted either way.
    await client.revoke(did).catch(() => undefined);
  }
  await getPool().query('DELETE FROM bluesky_oauth_sessions WHERE did = $1', [did]);
}
