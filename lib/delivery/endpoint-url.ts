import { ApiError } from '@/lib/api/errors';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/iu;

/** An endpoint URL: HTTPS anywhere, plain HTTP only on loopback (local development). 400 otherwise. */
export function checkEndpointUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('invalid_request', 'url: must be an absolute http(s) URL', [{ path: 'url', message: 'not a URL' }]);
  }
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ApiError('invalid_request', 'url: must use https (plain http is accepted on localhost/127.0.0.1/[::1] only)', [{ path: 'url', message: 'must be https' }]);
  }
  if (url.username || url.password) throw new ApiError('invalid_request', 'url: must not carry credentials', [{ path: 'url', message: 'credentials in URL' }]);
  return url.toString();
}
