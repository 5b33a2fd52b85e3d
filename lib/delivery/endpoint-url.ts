import net from 'node:net';
import { ApiError } from '@/lib/api/errors';
import { isPublicAddress, privateTargetsAllowed } from './target-address';

// Names that never lead to the public internet: localhost (RFC 6761), mDNS, .internal (cloud
// metadata such as metadata.google.internal), home networks, and single labels (search domains).
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$|^[^.]*$/iu;

/** Whether a URL's host is a loopback, private or reserved address, or a local name: reachable only in development (PERCH_WEBHOOK_ALLOW_PRIVATE=1). */
function localHost(url: URL): boolean {
  // WHATWG parsing already turned every IPv4 notation (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into
  // dotted decimal and every IPv6 one into its compressed hex form in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/u, '$1').replace(/\.$/u, '');
  return net.isIP(host) ? !isPublicAddress(host) : LOCAL_NAME.test(host);
}

/**
 * An endpoint URL: HTTPS to a public host. Only with PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development,
 * tests) may it name a loopback, private or reserved address or a local name, and plain HTTP
 * only those. 400 naming `url` otherwise. Delivery checks the addresses the host resolves to again.
 */
export function checkEndpointUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('invalid_request', 'url: must be an absolute http(s) URL', [{ path: 'url', message: 'not a URL' }]);
  }
  if (url.username || url.password) throw new ApiError('invalid_request', 'url: must not carry credentials', [{ path: 'url', message: 'credentials in URL' }]);
  const allowPrivate = privateTargetsAllowed();
  const local = localHost(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate && local)) {
    throw new ApiError('invalid_request', 'url: must use https', [{ path: 'url', message: 'must be https' }]);
  }
  if (local && !allowPrivate) {
    throw new ApiError('invalid_request', `url: ${url.hostname} is a loopback, private, link-local or reserved address or a local name: webhooks must reach a public host`, [
      { path: 'url', message: 'address not allowed' },
    ]);
  }
  return url.toString();
}
