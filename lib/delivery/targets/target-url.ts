import { ApiError } from '@/lib/api/errors';
import { checkEndpointUrl } from '../endpoint-url';
import { privateTargetsAllowed } from '../target-address';

import { EMAIL_PATTERN } from './endpoint-kinds';
export { ENDPOINT_KINDS, type EndpointKind } from './endpoint-kinds';

// The hosts and paths of the services' incoming webhooks. Anything else would turn a "Slack"
// endpoint into an unsigned POST to any host: only under PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development
// and tests, whose receivers listen on loopback) does any URL the webhook rules allow pass.
const SERVICE_URLS: Record<'slack' | 'discord', { hosts: string[]; path: RegExp; example: string }> = {
  slack: { hosts: ['hooks.slack.com'], path: /^\/services\/[^/]+\/[^/]+\/[^/]+$/u, example: 'https://hooks.slack.com/services/T…/B…/…' },
  discord: { hosts: ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'], path: /^\/api\/(v\d+\/)?webhooks\/\d+\/[^/]+$/u, example: 'https://discord.com/api/webhooks/<id>/<token>' },
};

/** A Slack or Discord endpoint URL: the same SSRF rules as webhooks, then the service's own https host and path. 400 naming `url` otherwise. */
export function checkServiceUrl(kind: 'slack' | 'discord', value: string): string {
  const checked = checkEndpointUrl(value);
  if (privateTargetsAllowed()) return checked;
  const url = new URL(checked);
  const service = SERVICE_URLS[kind];
  if (url.protocol !== 'https:' || url.port !== '' || !service.hosts.includes(url.hostname.toLowerCase()) || !service.path.test(url.pathname)) {
    throw new ApiError('invalid_request', `url: a ${kind} endpoint takes the channel's incoming-webhook URL (${service.example})`, [{ path: 'url', message: `not a ${kind} incoming-webhook URL` }]);
  }
  return checked;
}

const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

/** An email endpoint's address (at most 254 characters), lower-cased in its domain; 400 naming `email` otherwise. */
export function checkEmailAddress(value: string): string {
  const address = value.trim();
  if (address.length > 254 || !EMAIL.test(address)) throw new ApiError('invalid_request', 'email: must be an email address', [{ path: 'email', message: 'not an email address' }]);
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}
