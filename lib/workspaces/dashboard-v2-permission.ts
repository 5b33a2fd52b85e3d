import type { Permission } from './roles';

/**
 * What a dashboard call of /v2 (playground, explorer, rules page) needs: changing webhook
 * endpoints is endpoints.manage, changing rules rules.manage, everything else spends the
 * workspace's credits on data (api.call).
 */
export function dashboardV2Permission(method: string, v2Path: string): Permission {
  const write = method !== 'GET' && method !== 'HEAD';
  const resource = v2Path.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  if (write && resource === 'webhooks') return 'endpoints.manage';
  if (write && resource === 'rules') return 'rules.manage';
  return 'api.call';
}
