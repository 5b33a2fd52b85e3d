import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { can } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER, workspaceHref } from '@/lib/workspaces/workspace-path';
import { startServer, type RunningServer } from '../support/api-server';
import { send } from '../support/role-matrix-verdict';
import { ACTORS, seedWorld, signInEveryone, type Actor } from '../support/shared-workspace-world';

// Issue 33: the per-key MCP cap over real HTTP against server.ts, in a shared workspace with one
// person per role: who may set it on which key (the key route's rules), the 400 of a bad value,
// the audit line of a change, and the keys page and list showing it with this deployment's /mcp.

const PUBLIC_URL = 'https://perch-mcp.example.test';
let server: RunningServer;
let world: Awaited<ReturnType<typeof seedWorld>> & { people: Awaited<ReturnType<typeof signInEveryone>> };

async function patch(actor: Actor, keyId: string, body: unknown) {
  const answer = await send(world.people[actor].b, server.url, 'PATCH', `/api/dashboard/keys/${keyId}`, body, { [WORKSPACE_HEADER]: world.workspace.slug });
  return { status: answer.status, body: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {} };
}

async function storedCap(keyId: string): Promise<string | null> {
  const { rows } = await getPool().query<{ cap: string | null }>('SELECT mcp_max_credits::text AS cap FROM api_keys WHERE id = $1', [keyId]);
  return rows[0].cap;
}

type AuditLine = { action: string; actor_id: string | null; target_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

async function auditLines(keyId: string): Promise<AuditLine[]> {
  const { rows } = await getPool().query<AuditLine>(`SELECT action, actor_id, target_id, before, after FROM audit_events WHERE workspace_id = $1 AND target_id = $2 ORDER BY id`, [world.workspace.id, keyId]);
  return rows;
}

beforeAll(async () => {
  const seeded = await seedWorld();
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '', PERCH_PUBLIC_URL: PUBLIC_URL, PERCH_MCP_MAX_CREDITS_PER_CALL: '750' });
  world = { ...seeded, people: await signInEveryone(server.url, seeded.people) };
  for (const actor of ACTORS) await world.openShared(actor);
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('setting a key’s MCP cap over HTTP', () => {
  it('stores it, audits the change with the cap before and after, and lists it', async () => {
    const keyId = await world.freshKey(world.people.owner.id);
    const answer = await patch('owner', keyId, { mcpMaxCredits: '250' });
    expect(answer).toMatchObject({ status: 200, body: { key: { mcpMaxCredits: 250 } } });
    expect(await storedCap(keyId)).toBe('250');
    const [line] = await auditLines(keyId);
    expect(line).toMatchObject({ action: 'key.updated', actor_id: world.people.owner.id, before: { mcp_max_credits: null }, after: { mcp_max_credits: '250' } });

    // Back to the server's default: a second line, from 250 to null.
    expect((await patch('owner', keyId, { mcpMaxCredits: '' })).status).toBe(200);
    expect(await storedCap(keyId)).toBeNull();
    expect((await auditLines(keyId)).map((l) => [l.action, l.before?.mcp_max_credits, l.after?.mcp_max_credits])).toEqual([
      ['key.updated', null, '250'],
      ['key.updated', '250', null],
    ]);

    await patch('owner', keyId, { mcpMaxCredits: 40 });
    const list = await send(world.people.viewer.b, server.url, 'GET', '/api/dashboard/keys', undefined, { [WORKSPACE_HEADER]: world.workspace.slug });
    expect(list.status).toBe(200);
    const keys = (JSON.parse(list.body) as { keys: Array<{ id: string; mcpMaxCredits: number | null }> }).keys;
    expect(keys.find((k) => k.id === keyId)?.mcpMaxCredits).toBe(40);
    expect(keys.find((k) => k.id === world.ids.ownerKey)?.mcpMaxCredits).toBeNull();
  });

  it('answers a bad cap with a 400 naming the field, and stores and audits nothing', async () => {
    const keyId = await world.freshKey(world.people.admin.id);
    const answer = await patch('admin', keyId, { mcpMaxCredits: '0' });
    expect(answer).toMatchObject({ status: 400, body: { errors: { mcpMaxCredits: 'The cap must be at least 1 credit' } } });
    expect((await patch('admin', keyId, { mcpMaxCredits: '5000000' })).body).toMatchObject({ errors: { mcpMaxCredits: 'At most 1,000,000 credits per tool call' } });
    expect(await storedCap(keyId)).toBeNull();
    expect(await auditLines(keyId)).toEqual([]);
  });

  it('follows the workspace roles: own keys for developers, every key for owners and admins, none for others', async () => {
    for (const actor of ACTORS) {
      const own = await world.freshKey(world.people[actor === 'outsider' || actor === 'site-admin' ? 'owner' : actor].id);
      const others = await world.freshKey(world.people[actor === 'developer' ? 'owner' : 'developer'].id);
      const member = actor !== 'outsider' && actor !== 'site-admin';
      const expectOwn = member && can(actor, 'keys.manage_own') ? 200 : member ? 403 : 404;
      const expectOthers = member && can(actor, 'keys.manage_all') ? 200 : member ? 403 : 404;
      const onOwn = await patch(actor, own, { mcpMaxCredits: '123' });
      const onOthers = await patch(actor, others, { mcpMaxCredits: '321' });
      expect([actor, onOwn.status, onOthers.status]).toEqual([actor, expectOwn, expectOthers]);
      expect([actor, await storedCap(own), await storedCap(others)]).toEqual([actor, expectOwn === 200 ? '123' : null, expectOthers === 200 ? '321' : null]);
      if (expectOthers !== 200) expect(await auditLines(others)).toEqual([]);
    }
    // The table this follows: viewers and billing may change no key, developers only their own.
    expect(can('developer', 'keys.manage_own') && !can('developer', 'keys.manage_all')).toBe(true);
    expect(can('viewer', 'keys.manage_own') || can('billing', 'keys.manage_own')).toBe(false);
  });
});

describe('the keys page', () => {
  it('shows the Use with AI agents section with PERCH_PUBLIC_URL’s /mcp and the server’s cap', async () => {
    const page = await send(world.people.viewer.b, server.url, 'GET', workspaceHref(world.workspace.slug, '/dashboard/keys'), undefined, {});
    expect(page.status).toBe(200);
    expect(page.body).toContain('Use with AI agents');
    expect(page.body).toContain(`${PUBLIC_URL}/mcp`);
    expect(page.body).toContain('claude mcp add --transport http perch');
    expect(page.body).toContain('750 (default)');
  });
});
