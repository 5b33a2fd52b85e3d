import { oauthErrorResponse, oauthJson, readOAuthForm } from './oauth-response';
import { runRevokeRequest, runTokenRequest } from './token-request';

/** POST /platform/oauth/token: Web Request in, Web Response out (RFC 6749 §3.2, §5). */
export async function handleTokenEndpoint(request: Request): Promise<Response> {
  try {
    const form = await readOAuthForm(request);
    return oauthJson(await runTokenRequest(form, request.headers.get('authorization')));
  } catch (error) {
    return oauthErrorResponse(error);
  }
}

/** POST /platform/oauth/revoke: 200 with an empty body whether or not the token was known (RFC 7009 §2.2). */
export async function handleRevokeEndpoint(request: Request): Promise<Response> {
  try {
    const form = await readOAuthForm(request);
    await runRevokeRequest(form, request.headers.get('authorization'));
    return new Response(null, { status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } });
  } catch (error) {
    return oauthErrorResponse(error);
  }
}
