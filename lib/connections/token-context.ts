// Associated data for sealing a connection's tokens: a ciphertext only unseals in the row and
// column it was written for, so a database user cannot swap one account's tokens into another's.

/** The sealing context of a connection's access token. */
export function accessTokenContext(userId: string): string {
  return `platform_connections.access_token:${userId}`;
}

/** The sealing context of a connection's refresh token. */
export function refreshTokenContext(userId: string): string {
  return `platform_connections.refresh_token:${userId}`;
}
