import { AUTHORIZE_PARAMS, checkAuthorizeRequest, redirectWith } from './authorize-request';
import { issueAuthorizationCode } from './issue-code';
import { checkConsentToken, platformSessionUser } from './platform-session';

/** Where the browser goes after the consent form: a 303 Location, or a refusal shown as text. */
export type DecisionResult = { kind: 'redirect'; location: string } | { kind: 'refuse'; status: number; message: string };

/** The authorization request's own parameters out of a submitted form, nothing else. */
export function authorizeParamsOf(form: URLSearchParams | FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    for (const value of form.getAll(name)) if (typeof value === 'string') params.append(name, value);
  }
  return params;
}

/** The authorize page's own path for a request's parameters (after sign-in, sign-out, or an expired session). */
export function authorizePagePath(params: URLSearchParams): string {
  return `/platform/oauth/authorize?${authorizeParamsOf(params).toString()}`;
}

/**
 * The consent form's submission: re-checks the whole authorization request (the form is
 * client input like the query was), the signed-in platform user and the form's anti-CSRF
 * token, then answers the client: a code on "allow", access_denied on "deny".
 */
export async function decideAuthorization(input: { form: FormData | URLSearchParams; origin: string; sessionToken: string | undefined }): Promise<DecisionResult> {
  const params = authorizeParamsOf(input.form);
  const check = checkAuthorizeRequest(params, input.origin);
  // An invalid request is shown by the authorize page itself, never sent to an unchecked URI.
  if (check.kind === 'show') return { kind: 'redirect', location: authorizePagePath(params) };
  if (check.kind === 'redirect') return { kind: 'redirect', location: check.location };
  const user = await platformSessionUser(input.sessionToken);
  // Signed out meanwhile (expired session): back to sign in, with the request intact.
  if (!user || !input.sessionToken) return { kind: 'redirect', location: authorizePagePath(params) };
  const csrf = input.form.get('csrf');
  if (typeof csrf !== 'string' || !checkConsentToken(input.sessionToken, csrf)) {
    return { kind: 'refuse', status: 403, message: 'This consent form was not issued to your session. Go back and try again.' };
  }
  const { request } = check;
  const decision = input.form.get('decision');
  if (decision === 'deny') {
    return { kind: 'redirect', location: redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'the user denied access', state: request.state }) };
  }
  if (decision !== 'allow') return { kind: 'refuse', status: 400, message: 'Choose Allow or Cancel.' };
  const code = await issueAuthorizationCode(request, user.id);
  return { kind: 'redirect', location: redirectWith(request.redirectUri, { code, state: request.state }) };
}
