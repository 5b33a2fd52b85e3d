import type { Permission } from './roles';

/**
 * What a dashboard call of /v2 (playground, explorer, rules page, exports page) needs: changing
 * webhook endpoints is endpoints.manage, changing rules rules.manage, starting, estimating,
 * cancelling and deleting exports exports.manage, reading exports (list, one, progress events,
 * download: all free) exports.view; everything else spends the workspace's credits on data (api.call).
 */
export function dashboardV2Permission(method: string, v2Path: string): Permission {
  const write = method !== 'GET' && method !== 'HEAD';
  const resource = v2Path.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  if (write && resource === 'webhooks') return 'endpoints.manage';
  if (write && resource === 'rules') return 'rules.manage';
  if (resource === 'exports') return write ? 'exports.manage' : 'exports.view';
  return 'api.call';
}
