import { seal, unseal, UnsealError } from '@/lib/crypto/seal';

/** What the dashboard remembers between sending the browser to authorize and its return. */
export type ConnectFlow = { userId: string; state: string; codeVerifier: string; redirectUri: string; startedAt: number };

/** The httpOnly cookie that carries the flow, sealed so the browser can neither read nor forge it. */
export const FLOW_COOKIE = 'perch_connect_flow';

/** How long a started flow may take: sign-in and consent on the platform included. */
export const FLOW_TTL_SECONDS = 10 * 60;

const CONTEXT = 'connect-flow';

/** Seals a flow into the cookie's value. */
export function sealFlow(flow: ConnectFlow): string {
  return seal(JSON.stringify(flow), CONTEXT);
}

/** The flow in a cookie value, or null when it is missing, forged, unreadable or too old. */
export function openFlow(value: string | undefined, now = Date.now()): ConnectFlow | null {
  if (!value) return null;
  let flow: ConnectFlow;
  try {
    flow = JSON.parse(unseal(value, CONTEXT)) as ConnectFlow;
  } catch (error) {
    if (error instanceof UnsealError || error instanceof SyntaxError) return null;
    throw error;
  }
  if (typeof flow.startedAt !== 'number' || now - flow.startedAt > FLOW_TTL_SECONDS * 1000) return null;
  return flow;
}
