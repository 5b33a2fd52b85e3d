/** The error codes of RFC 6749 §4.1.2.1 and §5.2 (and RFC 7009 §2.2.1). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error';

/** An OAuth protocol error: answered as `{ error, error_description }`, never as a 500. */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    // RFC 6749 §5.2: a failed client authentication is 401, every other token error 400.
    this.status = code === 'invalid_client' ? 401 : 400;
  }
}

/** The standard JSON body of an OAuth error. */
export function oauthErrorBody(error: OAuthError): { error: OAuthErrorCode; error_description: string } {
  return { error: error.code, error_description: error.description };
}
