// Operator CLI: `npm run --silent admin -- <command> [options]`. Each command prints its
// result as the last line of stdout and exits non-zero with one clear line on error.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AccountExistsError, createAccount } from '@/lib/admin/create-account';
import { personalWorkspaceByEmail, workspaceBySlugOrId, type AdminWorkspace } from '@/lib/admin/find-workspace';
import { listWorkspaceKeys } from '@/lib/admin/list-workspace-keys';
import { listMembers, listWorkspaces } from '@/lib/admin/list-workspaces';
import { adminActor } from '@/lib/audit/audit-actors';
import { recordGrant } from '@/lib/audit/record-grant';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { getBalance, grantCredits } from '@/lib/credits';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { closePool } from '@/lib/db/pool';
import { StartupError } from '@/lib/db/startup-error';
import { issueKey, revokeKey } from '@/lib/keys';
import { PlatformError } from '@/lib/platform/errors';
import { getSamples } from '@/lib/platform/local/get-samples';
import { UsageError } from './admin-usage-error';

const USAGE = `usage: npm run --silent admin -- <command> [options]
  create-user --email E --password P [--admin] [--credits N]
  grant-credits W --credits N [--reason TEXT]
  create-key W [--name N] [--scopes read,write] [--limit CREDITS] [--rate-limit REQ_PER_S] [--expires ISO_DATE]
  revoke-key --key KEY_OR_ID [W]
  keys W [--all]
  balance W
  workspaces [--all]
  members W
  samples
  connect-account W --platform-username U
  connect-bluesky W --identifier HANDLE --app-password P
  prices [--platform P] [--json]
  set-price --platform P --operation OP --credits N [--minimum N] [--from DATE]
  set-override --workspace SLUG_OR_ID [--platform P] [--operation OP] (--discount PCT | --credits N | --withdraw) [--from DATE]
  set-cost --platform P --operation OP [--per-request MONEY] [--per-item MONEY] [--from DATE]
  set-credit-value --value MONEY [--currency USD] [--from DATE]
where W is --email E (that person's personal workspace) or --workspace SLUG_OR_ID`;

const OPTIONS = {
  email: { type: 'string' },
  workspace: { type: 'string' },
  all: { type: 'boolean' },
  password: { type: 'string' },
  admin: { type: 'boolean' },
  credits: { type: 'string' },
  reason: { type: 'string' },
  name: { type: 'string' },
  scopes: { type: 'string' },
  limit: { type: 'string' },
  'rate-limit': { type: 'string' },
  expires: { type: 'string' },
  key: { type: 'string' },
  'platform-username': { type: 'string' },
  identifier: { type: 'string' },
  'app-password': { type: 'string' },
  platform: { type: 'string' },
  operation: { type: 'string' },
  minimum: { type: 'string' },
  from: { type: 'string' },
  discount: { type: 'string' },
  withdraw: { type: 'boolean' },
  'per-request': { type: 'string' },
  'per-item': { type: 'string' },
  value: { type: 'string' },
  currency: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Options = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

function required(options: Options, name: keyof Options): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function wholeNumber(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${value}"`);
  }
  return Number(value);
}

/** What a command acts on: --workspace, or --email for that person's personal workspace, as before workspaces. */
async function workspaceOf(options: Options): Promise<AdminWorkspace> {
  if (options.email !== undefined && options.workspace !== undefined) throw new UsageError('give --email or --workspace, not both');
  if (options.workspace !== undefined) return workspaceBySlugOrId(required(options, 'workspace'));
  if (options.email === undefined) throw new UsageError('--email or --workspace is required');
  return personalWorkspaceByEmail(required(options, 'email'));
}

const COMMANDS: Record<string, (options: Options) => Promise<string>> = {
  async 'create-user'(options) {
    const user = await createAccount({
      email: required(options, 'email'),
      password: required(options, 'password'),
      admin: options.admin ?? false,
      credits: wholeNumber(options.credits, 'credits', 0) ?? Number(process.env.PERCH_SIGNUP_CREDITS ?? 100_000),
    });
    return user.id;
  },
  async 'grant-credits'(options) {
    const workspace = await workspaceOf(options);
    const userId = workspace.id;
    const credits = wholeNumber(required(options, 'credits'), 'credits', 1)!;
    const reason = options.reason ?? 'granted by an operator';
    const balance = await grantCredits(userId, credits, reason);
    // The operator is whoever runs the CLI on the server: named by their system user.
    await recordGrant({ workspaceId: userId, label: options.email?.trim().toLowerCase() ?? workspace.slug, amount: credits, reason, balance }, adminActor({ id: null, label: `admin CLI (${operatorName()})` }));
    return String(balance);
  },
  async 'create-key'(options) {
    // Issued by an operator: a personal workspace's key counts as its owner's, a team's as no member's.
    const userId = (await workspaceOf(options)).id;
    const scopes = (options.scopes ?? 'read').split(',').map((s) => s.trim());
    let expiresAt: Date | undefined;
    if (options.expires !== undefined) {
      expiresAt = new Date(options.expires);
      if (Number.isNaN(expiresAt.getTime())) throw new UsageError(`--expires must be an ISO date, got "${options.expires}"`);
    }
    const issued = await issueKey({
      userId,
      name: options.name ?? 'CLI key',
      scopes: scopes as Array<'read' | 'write'>,
      creditLimit: wholeNumber(options.limit, 'limit', 0),
      rateLimit: wholeNumber(options['rate-limit'], 'rate-limit', 1),
      expiresAt,
    });
    return issued.key;
  },
  async 'revoke-key'(options) {
    const key = required(options, 'key');
    // Naming the workspace too guards against revoking someone else's key by a mistyped id.
    if (options.email === undefined && options.workspace === undefined) {
      if (!(await revokeKey(key))) throw new Error('no such key');
      return 'revoked';
    }
    const workspace = await workspaceOf(options);
    if (!(await revokeKey(key, workspace.id))) throw new Error(`no such key in workspace ${workspace.slug}`);
    return 'revoked';
  },
  async keys(options) {
    return JSON.stringify(await listWorkspaceKeys((await workspaceOf(options)).id, { all: options.all ?? false }));
  },
  async workspaces(options) {
    return JSON.stringify(await listWorkspaces({ all: options.all ?? false }));
  },
  async members(options) {
    return JSON.stringify(await listMembers((await workspaceOf(options)).id));
  },
  async balance(options) {
    return String(await getBalance((await workspaceOf(options)).id));
  },
  async samples() {
    return JSON.stringify(await getSamples(5));
  },
  async 'connect-account'(options) {
    const userId = (await workspaceOf(options)).id;
    return (await connectAccountDirectly(userId, required(options, 'platform-username'))).username;
  },
  async 'connect-bluesky'(options) {
    const userId = (await workspaceOf(options)).id;
    // Checked by logging in once at the PDS or entryway of PERCH_BLUESKY_SERVICE_URL (default bsky.social).
    const serviceUrl = process.env.PERCH_BLUESKY_SERVICE_URL?.trim() || 'https://bsky.social';
    // Loaded here only: the Bluesky client is large, and every other command starts faster without it.
    const { connectBlueskyAccount } = await import('@/lib/admin/connect-bluesky');
    return (await connectBlueskyAccount(userId, required(options, 'identifier'), required(options, 'app-password'), serviceUrl)).handle;
  },
  // The price list (docs/prices.md): loaded here only, like the Bluesky client.
  ...Object.fromEntries(
    ['prices', 'set-price', 'set-override', 'set-cost', 'set-credit-value'].map((name) => [name, async (options: Options) => (await import('./admin-prices')).PRICE_COMMANDS[name](options)]),
  ),
};

function operatorName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown user';
  }
}

function describeError(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
  if (error instanceof AccountExistsError || error instanceof UsageError || error instanceof StartupError || error instanceof PlatformError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const run = command ? COMMANDS[command] : undefined;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  // Errors are one line, so that scripts can show them as they are; usage only when asked for it.
  if (!run) {
    console.error(`error: unknown command "${command}": use one of ${Object.keys(COMMANDS).join(', ')}`);
    return 2;
  }
  let options: Options;
  try {
    options = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }).values as Options;
  } catch (error) {
    console.error(`error: ${describeError(error)} (run without a command for usage)`);
    return 2;
  }
  const database = await ensureDatabase();
  try {
    console.log(await run(options));
    return 0;
  } catch (error) {
    console.error(`error: ${describeError(error)}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await closePool();
    await database.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`error: ${describeError(error)}`);
    process.exit(1);
  });
