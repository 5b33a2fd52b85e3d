import { getSecret } from '@/lib/secrets/get-secret';

/** A client registered with the platform's authorization server. */
export type OAuthClient = {
  id: string;
  name: string;
  /** The client's secret: confidential clients authenticate at the token and revoke endpoints. */
  secret: () => string;
  /** The redirect URIs registered for it, for a deployment reached at `origin`: matched exactly. */
  redirectUris: (origin: string) => string[];
};

/** Where the dashboard receives codes: registered as the dashboard client's only redirect URI. */
export const DASHBOARD_CALLBACK_PATH = '/dashboard/connections/callback';

const DEFAULT_DASHBOARD_CLIENT_ID = 'perch-dashboard';

/**
 * Perch's own dashboard as a confidential client: its id is PERCH_OAUTH_CLIENT_ID (default
 * "perch-dashboard"), its secret derived from PERCH_OAUTH_CLIENT_SECRET or generated once
 * into the data directory. Both sides of the flow run in this deployment and read the same
 * secret; set the variable when several instances serve it.
 */
export function dashboardClient(): OAuthClient {
  return {
    id: process.env.PERCH_OAUTH_CLIENT_ID || DEFAULT_DASHBOARD_CLIENT_ID,
    name: 'Perch dashboard',
    secret: () => getSecret('oauth-dashboard-client', 'PERCH_OAUTH_CLIENT_SECRET').toString('base64url'),
    redirectUris: (origin) => [`${origin}${DASHBOARD_CALLBACK_PATH}`],
  };
}

/** The registered client with this id, if any. */
export function findClient(id: string): OAuthClient | undefined {
  const clients = [dashboardClient()];
  return clients.find((client) => client.id === id);
}
