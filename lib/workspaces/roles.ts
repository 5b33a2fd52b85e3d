/**
 * Who may do what in a workspace: the one table every dashboard page, route and server action
 * asks (through requireWorkspace / routeWorkspace). Keys are not people: a key's own scopes and
 * limits govern /v2, whichever member made it.
 */
export const ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  billing: 'Billing',
  viewer: 'Viewer',
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, including managing owners and deleting the workspace',
  admin: 'Members, every key, endpoints and connections',
  developer: 'Their own keys, rules and the playground; sees usage',
  billing: 'Balance, top-ups, budgets and usage; no keys',
  viewer: 'Reads the dashboard; changes nothing',
};

const EVERYONE: readonly Role[] = ROLES;
const BUILDERS: readonly Role[] = ['owner', 'admin', 'developer'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const MONEY: readonly Role[] = ['owner', 'billing'];

export const PERMISSIONS = {
  /** Overview, usage charts, the request log. */
  'usage.view': EVERYONE,
  'keys.view': ['owner', 'admin', 'developer', 'viewer'],
  /** Issue keys and change or revoke the keys one issued. */
  'keys.manage_own': BUILDERS,
  /** Change or revoke any member's key. */
  'keys.manage_all': MANAGERS,
  'rules.view': ['owner', 'admin', 'developer', 'viewer'],
  'rules.manage': BUILDERS,
  'endpoints.manage': MANAGERS,
  /** Calls that spend the workspace's credits from the dashboard: playground and explorer. */
  'api.call': BUILDERS,
  /**
   * The Exports page, the list of exports and their files. Whoever may read the workspace's
   * rules may read what it exported: a download spends nothing and changes nothing (viewers
   * included); billing sees money, not the data bought with it.
   */
  'exports.view': ['owner', 'admin', 'developer', 'viewer'],
  /**
   * Start, estimate, cancel and delete exports: starting one spends credits on calls exactly
   * as api.call does, and cancel/delete undo work another builder paid for, so the same roles.
   */
  'exports.manage': BUILDERS,
  'connections.view': ['owner', 'admin', 'developer', 'viewer'],
  'connections.manage': MANAGERS,
  'billing.view': ['owner', 'admin', 'billing', 'viewer'],
  /** Top-ups, the low-balance alert, the workspace's budgets. */
  'billing.manage': MONEY,
  'members.view': EVERYONE,
  /** Invite, remove and change the role of members other than owners. */
  'members.manage': MANAGERS,
  /** Make, demote or remove owners. */
  'owners.manage': ['owner'],
  'audit.view': MANAGERS,
  /** Rename the workspace, set its time zone. */
  'workspace.settings': MANAGERS,
  'workspace.delete': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The roles a member with `role` may hand out or take away (admins never touch owners). */
export function assignableRoles(role: Role): Role[] {
  if (can(role, 'owners.manage')) return [...ROLES];
  if (can(role, 'members.manage')) return ROLES.filter((r) => r !== 'owner');
  return [];
}
