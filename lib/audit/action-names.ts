/** The kinds of things the audit log records changes to, as the filter offers them. */
export const AUDIT_THINGS: ReadonlyArray<{ prefix: string; label: string }> = [
  { prefix: 'auth.', label: 'Sign-ins' },
  { prefix: 'key.', label: 'API keys' },
  { prefix: 'rule.', label: 'Rules' },
  { prefix: 'endpoint.', label: 'Webhook endpoints' },
  { prefix: 'member.', label: 'Members' },
  { prefix: 'connection.', label: 'Connections' },
  { prefix: 'billing.', label: 'Billing' },
  { prefix: 'grant.', label: 'Credit grants' },
  { prefix: 'workspace.', label: 'Workspace' },
];

// Actions whose words do not follow from the name ("thing verb" reads fine for the rest).
const NAMES: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'endpoint.created': 'Webhook endpoint created',
  'endpoint.updated': 'Webhook endpoint updated',
  'endpoint.deleted': 'Webhook endpoint deleted',
  'key.created': 'API key created',
  'key.updated': 'API key updated',
  'key.revoked': 'API key revoked',
  'key.rotated': 'API key rotated',
  'key.deleted': 'API key deleted',
  'grant.added': 'Credits granted',
  'grant.corrected': 'Credits taken back (correction)',
};

/** `rule.created` → "Rule created"; `member.role_changed` → "Member role changed". */
export function actionName(action: string): string {
  if (Object.hasOwn(NAMES, action)) return NAMES[action];
  const words = action.replace('.', ' ').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
