import { componentLogger } from '@/lib/observability/logger';
import { OAuthError, oauthErrorBody } from './errors';

const log = componentLogger('oauth');

// RFC 6749 §5.1: responses that carry or concern tokens must not be cached.
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

const MAX_FORM_BYTES = 16 * 1024;

/** A JSON response of the token and revoke endpoints. */
export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** The standard error response for an OAuthError; anything else is a 500 server_error that leaks nothing. */
export function oauthErrorResponse(error: unknown): Response {
  if (error instanceof OAuthError) {
    // RFC 6749 §5.2: a 401 names the authentication scheme the client may use.
    const headers: Record<string, string> = error.status === 401 ? { 'www-authenticate': 'Basic realm="platform"' } : {};
    return oauthJson(oauthErrorBody(error), error.status, headers);
  }
  log.error({ err: error }, 'unexpected error');
  return oauthJson({ error: 'server_error', error_description: 'the authorization server failed; try again' }, 500);
}

/** The application/x-www-form-urlencoded body of a token or revoke request. */
export async function readOAuthForm(request: Request): Promise<URLSearchParams> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded');
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_FORM_BYTES) throw new OAuthError('invalid_request', `the request body is over ${MAX_FORM_BYTES / 1024} KiB`);
  return new URLSearchParams(new TextDecoder().decode(body));
}
