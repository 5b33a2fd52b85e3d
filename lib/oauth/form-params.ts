import { OAuthError } from './errors';

/** A form parameter that must be present once; invalid_request otherwise. */
export function requiredParam(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** RFC 6749 §3.1 and §3.2: no parameter may be sent more than once. */
export function refuseRepeatedParams(form: URLSearchParams): void {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name)) throw new OAuthError('invalid_request', `${name} is given more than once`);
    seen.add(name);
  }
}
