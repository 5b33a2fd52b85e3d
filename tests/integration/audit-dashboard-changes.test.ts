import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';
import { createFixtureUsers } from '../support/platform-fixtures';

// The dashboard's own changes (keys, the low-balance alert, the connected account) each write
// one audit line naming the person, their address, the target and the state before and after.

const PASSWORD = 'audit dashboard password';
const run = crypto.randomBytes(4).toString('hex');
let server: RunningServer;
let person: { id: string; email: string; b: Browser };

type Line = { action: string; actor_kind: string; actor_id: string | null; actor_label: string; target_kind: string | null; target_id: string | null; ip: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

async function lines(): Promise<Line[]> {
  const { rows } = await getPool().query<Line>(
    'SELECT action, actor_kind, actor_id, actor_label, target_kind, target_id, ip, before, after FROM audit_events WHERE workspace_id = $1 ORDER BY id',
    [person.id],
  );
  return rows;
}

function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url, 'x-forwarded-for': '203.0.113.7' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return person.b.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '', PERCH_TRUST_PROXY: '1' });
  const email = `audit-dash-${run}@audit.test`;
  const { id } = await createAccount({ email, password: PASSWORD, credits: 1_000 });
  const b = browser(server.url);
  expect((await signInOverHttp(b, email, PASSWORD)).ok).toBe(true);
  person = { id, email, b };
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('audit lines of the dashboard’s own changes', () => {
  it('a key created, edited, rotated, revoked and deleted: five lines with the states', async () => {
    const created = await send('POST', '/api/dashboard/keys', { name: 'audited key', scopes: ['read'], creditLimit: '', expiresOn: '' });
    expect(created.status).toBe(201);
    const keyId = ((await created.json()) as { key: { id: string } }).key.id;
    expect((await send('PATCH', `/api/dashboard/keys/${keyId}`, { name: 'renamed key', creditLimit: '500' })).status).toBe(200);
    expect((await send('POST', `/api/dashboard/keys/${keyId}/rotate`, { graceHours: 0 })).status).toBe(200);
    expect((await send('DELETE', `/api/dashboard/keys/${keyId}`)).status).toBe(200);
    expect((await send('DELETE', `/api/dashboard/keys/${keyId}?permanent=1`)).status).toBe(200);

    const keyLines = (await lines()).filter((line) => line.target_kind === 'key');
    expect(keyLines.map((line) => line.action)).toEqual(['key.created', 'key.updated', 'key.rotated', 'key.revoked', 'key.deleted']);
    for (const line of keyLines) {
      expect(line).toMatchObject({ actor_kind: 'person', actor_id: person.id, actor_label: person.email, target_id: keyId, ip: '203.0.113.7' });
    }
    const [create, update, , revoke] = keyLines;
    expect(create.after).toMatchObject({ name: 'audited key', scopes: ['read'], credit_limit: null, revoked_at: null });
    expect(update.before).toMatchObject({ name: 'audited key', credit_limit: null });
    expect(update.after).toMatchObject({ name: 'renamed key', credit_limit: '500' });
    expect(revoke.before).toMatchObject({ revoked_at: null });
    expect(revoke.after?.revoked_at).toEqual(expect.any(String));
    // The secret, nor its hash, is ever in the log.
    expect(JSON.stringify(keyLines)).not.toMatch(/perch_[A-Za-z0-9]{20,}|key_hash/);
  });

  it('the low-balance alert threshold: a line when it changes, none when saved unchanged', async () => {
    expect((await send('PATCH', '/api/dashboard/billing/alert', { threshold: '250' })).status).toBe(200);
    expect((await send('PATCH', '/api/dashboard/billing/alert', { threshold: '250' })).status).toBe(200);
    const alertLines = (await lines()).filter((line) => line.action === 'billing.alert_changed');
    expect(alertLines).toEqual([expect.objectContaining({ actor_id: person.id, before: { threshold: 1000 }, after: { threshold: 250 } })]);
  });

  it('disconnecting the connected platform account', async () => {
    const [platformUser] = await createFixtureUsers(getPool(), 1);
    await connectAccountDirectly(person.id, platformUser.username);
    const answer = await send('POST', '/dashboard/connections/disconnect');
    expect(answer.status).toBe(303);
    expect((await lines()).filter((line) => line.target_kind === 'connection')).toEqual([
      expect.objectContaining({ action: 'connection.disconnected', actor_id: person.id, target_id: 'platform', ip: '203.0.113.7' }),
    ]);
  });
});
