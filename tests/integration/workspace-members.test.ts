import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';

// Invitations, members and new workspaces over real HTTP against server.ts: the routes as the
// members page and the invitation page reach them, signed in through next-auth. Time is
// injected by moving expires_at and last_sent_at in the database.

const PASSWORD = 'correct horse battery';
let server: RunningServer;
let counter = 0;
const address = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@members.test`;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

type Person = { id: string; email: string; b: Browser };

async function person(label: string, email = address(label)): Promise<Person> {
  const { id } = await createAccount({ email, password: PASSWORD, credits: 0 });
  const b = browser(server.url);
  const signedIn = await signInOverHttp(b, email, PASSWORD);
  expect(signedIn.ok, signedIn.url).toBe(true);
  return { id, email, b };
}

const q = async <T extends Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> => (await getPool().query<T>(sql, values)).rows;

/**
 * A dashboard API path acting in workspace `slug`, as a plain link names it (`?workspace=`); the
 * dashboard's own fetches send the same slug in a header. Membership is checked either way.
 */
function inWorkspace(slug: string, path: string): string {
  const url = new URL(`/api/dashboard${path}`, 'http://x');
  url.searchParams.set('workspace', slug);
  return url.pathname + url.search;
}

/** A shared workspace made through the route, with `owner` as its owner. */
async function teamOf(owner: Person, name = 'Team'): Promise<{ id: string; slug: string; api: (path: string) => string }> {
  const created = await owner.b.json('/api/dashboard/workspaces', { name });
  expect(created.status).toBe(201);
  const slug = String(created.body.slug);
  const [row] = await q<{ id: string }>(`SELECT id FROM workspaces WHERE slug = $1`, [slug]);
  return { id: row.id, slug, api: (path) => inWorkspace(slug, path) };
}

/** The token of the newest invitation link mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await q<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email]);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  expect(token, `an invitation link was mailed to ${email}`).toBeTruthy();
  return token!;
}

async function send(b: Browser, method: 'PATCH' | 'DELETE' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await b.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A page's HTML without the empty comments React puts between adjacent text parts. */
const html = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');

const respond = (b: Browser, token: string, answer: 'accept' | 'decline') => b.json('/api/dashboard/invitations/respond', { token, answer });

async function invite(owner: Person, team: { api: (p: string) => string }, email: string, role: string) {
  return owner.b.json(team.api('/invitations'), { email, role });
}

/** Invites and accepts: `member` joins `team` as `role`. */
async function join(owner: Person, team: { api: (p: string) => string }, member: Person, role: string): Promise<void> {
  expect((await invite(owner, team, member.email, role)).status).toBe(201);
  expect((await respond(member.b, await invitationToken(member.email), 'accept')).status).toBe(200);
}

const roleOf = async (workspaceId: string, userId: string) => (await q<{ role: string }>(`SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId]))[0]?.role ?? null;
const audits = (workspaceId: string, action: string) =>
  q<{ actor_id: string; target_id: string; before: unknown; after: unknown }>(`SELECT actor_id, target_id, before, after FROM audit_events WHERE workspace_id = $1 AND action = $2 ORDER BY id`, [workspaceId, action]);

describe('creating a workspace', () => {
  it('makes a shared workspace with its creator as owner, an empty balance, and lists it', async () => {
    const alice = await person('creator');
    const created = await alice.b.json('/api/dashboard/workspaces', { name: '  Acme Research & Co!  ' });
    expect(created.status).toBe(201);
    expect(created.body.slug).toMatch(/^acme-research-co-[0-9a-f]{6}$/);
    const [ws] = await q<{ id: string; name: string; personal: boolean; created_by: string }>(`SELECT id, name, personal, created_by FROM workspaces WHERE slug = $1`, [created.body.slug]);
    expect(ws).toMatchObject({ name: 'Acme Research & Co!', personal: false, created_by: alice.id });
    expect(ws.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await roleOf(ws.id, alice.id)).toBe('owner');
    expect(await q(`SELECT balance::int AS balance FROM credit_balances WHERE user_id = $1`, [ws.id])).toEqual([{ balance: 0 }]);
    expect(await q(`SELECT count(*)::int AS n FROM credit_grants WHERE user_id = $1`, [ws.id])).toEqual([{ n: 0 }]);
    expect(await audits(ws.id, 'workspace.created')).toEqual([{ actor_id: alice.id, target_id: ws.id, before: null, after: { name: 'Acme Research & Co!', slug: created.body.slug } }]);

    const listed = await alice.b.json('/api/dashboard/workspaces');
    expect(listed.status).toBe(200);
    expect(listed.body.workspaces).toEqual([
      { slug: expect.any(String), name: 'Personal', personal: true, role: 'owner' },
      { slug: created.body.slug, name: 'Acme Research & Co!', personal: false, role: 'owner' },
    ]);
    // Its pages answer for the owner.
    const page = await alice.b.fetch(`/w/${String(created.body.slug)}/dashboard/members`);
    expect(page.status, `redirected to ${page.headers.get('location')}`).toBe(200);
  });

  it('gives two workspaces of one name two slugs, and refuses an empty name and a signed-out caller', async () => {
    const bob = await person('names');
    const first = await bob.b.json('/api/dashboard/workspaces', { name: 'Ünïcode — ✨' });
    const second = await bob.b.json('/api/dashboard/workspaces', { name: 'Ünïcode — ✨' });
    expect(first.body.slug).toMatch(/^unicode-[0-9a-f]{6}$/);
    expect(second.body.slug).not.toBe(first.body.slug);
    const symbols = await bob.b.json('/api/dashboard/workspaces', { name: '✨✨' });
    expect(symbols.body.slug).toMatch(/^workspace-[0-9a-f]{6}$/);
    expect(await bob.b.json('/api/dashboard/workspaces', { name: '   ' })).toEqual({ status: 400, body: { error: 'fix the highlighted fields', errors: { name: 'Give the workspace a name' } } });
    expect((await bob.b.json('/api/dashboard/workspaces', { name: 'x'.repeat(81) })).body.errors).toEqual({ name: 'Use at most 80 characters' });
    expect((await browser(server.url).json('/api/dashboard/workspaces', { name: 'Nope' })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('mails a link; a signed-out visitor sees the invitation; the invitee (any case of the address) accepts and joins with the role', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Birdwatchers');
    const inviteeEmail = address('invitee');
    const invited = await invite(owner, team, inviteeEmail.toUpperCase(), 'developer');
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ email: inviteeEmail, role: 'developer' });
    const [row] = await q<{ token_hash: string; days: number; invited_by: string; send_count: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days, invited_by, send_count FROM workspace_invitations WHERE workspace_id = $1`,
      [team.id],
    );
    expect(row).toMatchObject({ days: 7, invited_by: owner.id, send_count: 1 });
    const token = await invitationToken(inviteeEmail);
    // Only the hash is stored.
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await audits(team.id, 'member.invited')).toEqual([{ actor_id: owner.id, target_id: expect.any(String), before: null, after: { email: inviteeEmail, role: 'developer' } }]);

    const page = await browser(server.url).fetch(`/invite/${token}`);
    const body = await html(page);
    expect(page.status).toBe(200);
    expect(body).toContain('Join Birdwatchers');
    expect(body).toContain(owner.email);
    expect(body).toContain(`/signin?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`);

    // The invitee's account has the address in another case (as an OAuth sign-in may store it): still theirs.
    const invitee = await person('invitee', inviteeEmail);
    invitee.email = inviteeEmail.replace(/^[a-z]/, (c) => c.toUpperCase());
    await getPool().query(`UPDATE users SET email = $2 WHERE id = $1`, [invitee.id, invitee.email]);
    expect((await invitee.b.fetch(team.api('/members'))).status).toBe(404);
    expect(await html(await invitee.b.fetch(`/invite/${token}`))).toContain('>Accept</button>');
    const accepted = await respond(invitee.b, token, 'accept');
    expect(accepted).toEqual({ status: 200, body: { answer: 'accept', workspace: { slug: team.slug, name: 'Birdwatchers' } } });
    expect(await roleOf(team.id, invitee.id)).toBe('developer');
    expect((await invitee.b.fetch(team.api('/members'))).status).toBe(200);
    expect(await audits(team.id, 'member.joined')).toEqual([{ actor_id: invitee.id, target_id: invitee.id, before: null, after: { role: 'developer', invitation: expect.any(String) } }]);

    // Used once.
    const again = await respond(invitee.b, token, 'accept');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This invitation to Birdwatchers was already accepted.');
    expect(await html(await invitee.b.fetch(`/invite/${token}`))).toContain('was already accepted');
    // The owner sees the member and no pending invitation.
    const listed = await owner.b.json(team.api('/members'));
    expect((listed.body.members as Array<{ email: string; role: string }>).map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'developer'],
    ]);
    expect(listed.body.invitations).toEqual([]);
  });

  it('tells a different signed-in person which address the invitation is for, and lets them do nothing', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner);
    const inviteeEmail = address('meant');
    await invite(owner, team, inviteeEmail, 'viewer');
    const token = await invitationToken(inviteeEmail);
    const stranger = await person('stranger');
    const refused = await respond(stranger.b, token, 'accept');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(`This invitation is for ${inviteeEmail}, and you are signed in as ${stranger.email}. Sign in with ${inviteeEmail} to answer it.`);
    expect((await respond(stranger.b, token, 'decline')).status).toBe(403);
    expect(await roleOf(team.id, stranger.id)).toBeNull();
    const page = await html(await stranger.b.fetch(`/invite/${token}`));
    expect(page).toContain(`This invitation is for <strong>${inviteeEmail}</strong>, and you are signed in as <strong>${stranger.email}</strong>`);
    expect(page).not.toContain('>Accept<');
    // Signed out, the route asks to sign in.
    expect((await respond(browser(server.url), token, 'accept')).status).toBe(401);
    // The invitation is still open for the right person.
    const invitee = await person('meant', inviteeEmail);
    expect((await respond(invitee.b, token, 'accept')).status).toBe(200);
  });

  it('says so when a link expired, and a resend renews it with a new link that replaces the old', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Expiry');
    const invitee = await person('late');
    await invite(owner, team, invitee.email, 'viewer');
    const oldToken = await invitationToken(invitee.email);
    const [{ id }] = await q<{ id: string }>(`SELECT id FROM workspace_invitations WHERE workspace_id = $1`, [team.id]);
    await getPool().query(`UPDATE workspace_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const expired = await respond(invitee.b, oldToken, 'accept');
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatch(/^This invitation expired on \d{4}-\d{2}-\d{2}\. Ask someone in Expiry to send a new one\.$/);
    expect(await html(await invitee.b.fetch(`/invite/${oldToken}`))).toContain('This invitation expired on');
    expect((await owner.b.json(team.api('/members'))).body.invitations).toEqual([expect.objectContaining({ id, expired: true })]);

    // Not sooner than a minute after the last mail.
    const tooSoon = await send(owner.b, 'POST', team.api(`/invitations/${id}/resend`));
    expect(tooSoon.status).toBe(429);
    await getPool().query(`UPDATE workspace_invitations SET last_sent_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    const resent = await send(owner.b, 'POST', team.api(`/invitations/${id}/resend`));
    expect(resent.status).toBe(200);
    expect(new Date(String(resent.body.expiresAt)).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const newToken = await invitationToken(invitee.email);
    expect(newToken).not.toBe(oldToken);
    const stale = await respond(invitee.b, oldToken, 'accept');
    expect(stale.status).toBe(404);
    expect(stale.body.error).toContain('This invitation link is not valid');
    expect(await audits(team.id, 'member.invitation_resent')).toEqual([{ actor_id: owner.id, target_id: id, before: null, after: { send_count: 2 } }]);
    expect((await respond(invitee.b, newToken, 'accept')).status).toBe(200);
    expect(await roleOf(team.id, invitee.id)).toBe('viewer');
  });

  it('stops resending after five mails', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner);
    const email = address('spam');
    await invite(owner, team, email, 'viewer');
    const [{ id }] = await q<{ id: string }>(`SELECT id FROM workspace_invitations WHERE workspace_id = $1`, [team.id]);
    for (let sent = 1; sent < 5; sent += 1) {
      await getPool().query(`UPDATE workspace_invitations SET last_sent_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
      expect((await send(owner.b, 'POST', team.api(`/invitations/${id}/resend`))).status).toBe(200);
    }
    await getPool().query(`UPDATE workspace_invitations SET last_sent_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    const refused = await send(owner.b, 'POST', team.api(`/invitations/${id}/resend`));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain('mailed 5 times already');
    expect(await q(`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1`, [email])).toEqual([{ n: 5 }]);
  });

  it('a revoked invitation says it was withdrawn; a declined one cannot be accepted; both can be invited again', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Revokers');
    const invitee = await person('revoked');
    await invite(owner, team, invitee.email, 'developer');
    const token = await invitationToken(invitee.email);
    const [{ id }] = await q<{ id: string }>(`SELECT id FROM workspace_invitations WHERE workspace_id = $1`, [team.id]);
    expect(await send(owner.b, 'DELETE', team.api(`/invitations/${id}`))).toEqual({ status: 200, body: { revoked: true } });
    expect((await send(owner.b, 'DELETE', team.api(`/invitations/${id}`))).status).toBe(404);
    const withdrawn = await respond(invitee.b, token, 'accept');
    expect(withdrawn).toEqual({ status: 409, body: { error: 'This invitation to Revokers was withdrawn.' } });
    expect(await html(await invitee.b.fetch(`/invite/${token}`))).toContain('was withdrawn');
    expect(await audits(team.id, 'member.invitation_revoked')).toEqual([{ actor_id: owner.id, target_id: id, before: { email: invitee.email, role: 'developer' }, after: null }]);
    expect(await roleOf(team.id, invitee.id)).toBeNull();

    // Invited again, then declined.
    expect((await invite(owner, team, invitee.email, 'viewer')).status).toBe(201);
    const second = await invitationToken(invitee.email);
    expect(await respond(invitee.b, second, 'decline')).toEqual({ status: 200, body: { answer: 'decline', workspace: { slug: team.slug, name: 'Revokers' } } });
    expect(await roleOf(team.id, invitee.id)).toBeNull();
    expect((await respond(invitee.b, second, 'accept')).body.error).toBe('This invitation to Revokers was declined.');
    expect(await audits(team.id, 'member.declined')).toEqual([{ actor_id: invitee.id, target_id: invitee.id, before: null, after: { invitation: expect.any(String) } }]);
    expect((await invite(owner, team, invitee.email, 'viewer')).status).toBe(201);
  });

  it('refuses a second open invitation, inviting a member, bad fields, and roles the inviter cannot hand out', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner);
    const admin = await person('admin');
    const developer = await person('dev');
    await join(owner, team, admin, 'admin');
    await join(owner, team, developer, 'developer');
    const email = address('twice');
    expect((await invite(owner, team, email, 'viewer')).status).toBe(201);
    const twice = await invite(owner, team, email, 'admin');
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual({ email: `${email} already has an open invitation: resend or revoke it below` });
    expect((await invite(owner, team, admin.email.toUpperCase(), 'viewer')).body.errors).toEqual({ email: `${admin.email} is already a member of this workspace` });
    expect((await invite(owner, team, 'not an address', 'boss')).body.errors).toEqual({ email: 'Enter a valid email address', role: 'Choose a role' });
    // Admins invite anyone but owners; developers invite no one.
    const adminOwner = await invite(admin, team, address('would-be-owner'), 'owner');
    expect(adminOwner.status).toBe(403);
    expect((await invite(admin, team, address('new-admin'), 'admin')).status).toBe(201);
    expect((await invite(developer, team, address('friend'), 'viewer')).status).toBe(403);
    // An owner's invitation to become an owner is out of an admin's reach.
    const ownerInvite = await invite(owner, team, address('co-owner'), 'owner');
    const ownerInviteId = String((ownerInvite.body.invitation as { id: string }).id);
    expect((await send(admin.b, 'DELETE', team.api(`/invitations/${ownerInviteId}`))).status).toBe(403);
    // Developers see members but no invitations.
    const seen = await developer.b.json(team.api('/members'));
    expect(seen.status).toBe(200);
    expect(seen.body.invitations).toEqual([]);
  });
});

describe('roles', () => {
  it('admins change non-owners only; only owners make, demote or remove owners; the last owner stays', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner);
    const admin = await person('admin');
    const dev = await person('dev');
    await join(owner, team, admin, 'admin');
    await join(owner, team, dev, 'developer');
    const patch = (actor: Person, target: Person, role: string) => send(actor.b, 'PATCH', team.api(`/members/${target.id}`), { role });

    expect(await patch(admin, dev, 'viewer')).toEqual({ status: 200, body: { role: 'viewer' } });
    expect(await audits(team.id, 'member.role_changed')).toEqual([{ actor_id: admin.id, target_id: dev.id, before: { role: 'developer' }, after: { role: 'viewer' } }]);
    expect((await patch(admin, dev, 'owner')).status).toBe(403);
    expect((await patch(admin, owner, 'viewer')).status).toBe(403);
    expect((await send(admin.b, 'DELETE', team.api(`/members/${owner.id}`))).status).toBe(403);
    expect((await patch(dev, admin, 'viewer')).status).toBe(403);
    expect((await patch(owner, dev, 'superuser')).status).toBe(400);
    expect((await patch(owner, { ...dev, id: 'nobody' }, 'viewer')).status).toBe(404);
    expect(await roleOf(team.id, owner.id)).toBe('owner');

    // The last owner can neither be demoted (even by themself) nor removed.
    const lastDemote = await patch(owner, owner, 'admin');
    expect(lastDemote.status).toBe(409);
    expect(lastDemote.body.error).toContain('is the last owner');
    expect((await send(owner.b, 'POST', team.api('/members/leave'))).status).toBe(409);

    // A second owner: now either may step down, but not both.
    expect(await patch(owner, admin, 'owner')).toEqual({ status: 200, body: { role: 'owner' } });
    expect(await patch(admin, owner, 'developer')).toEqual({ status: 200, body: { role: 'developer' } });
    expect((await patch(admin, admin, 'viewer')).status).toBe(409);
    expect((await send(admin.b, 'DELETE', team.api(`/members/${owner.id}`))).status).toBe(200);
    expect(await roleOf(team.id, admin.id)).toBe('owner');
  });
});

describe('removing and leaving', () => {
  it('removal ends access at once, clears the remembered workspace, and can revoke the keys they issued here', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Removals');
    const dev = await person('dev');
    await join(owner, team, dev, 'developer');
    const teamKeys = [await issueKey({ userId: team.id, createdBy: dev.id, name: 'dev 1', scopes: ['read'] }), await issueKey({ userId: team.id, createdBy: dev.id, name: 'dev 2', scopes: ['read'] })];
    const ownersKey = await issueKey({ userId: team.id, createdBy: owner.id, name: 'owner', scopes: ['read'] });
    const personalKey = await issueKey({ userId: dev.id, createdBy: dev.id, name: 'mine', scopes: ['read'] });
    for (const key of [...teamKeys, ownersKey]) expect((await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(200);

    // The member has the workspace open (which remembers it).
    expect((await dev.b.fetch(`/w/${team.slug}/dashboard/members`)).status).toBe(200);
    expect(await q(`SELECT last_workspace_id FROM users WHERE id = $1`, [dev.id])).toEqual([{ last_workspace_id: team.id }]);
    const listed = await owner.b.json(team.api('/members'));
    expect((listed.body.members as Array<{ userId: string; activeKeys: number }>).find((m) => m.userId === dev.id)?.activeKeys).toBe(2);

    expect(await send(owner.b, 'DELETE', team.api(`/members/${dev.id}?revokeKeys=1`))).toEqual({ status: 200, body: { removed: true, keysRevoked: 2 } });
    expect(await audits(team.id, 'member.removed')).toEqual([{ actor_id: owner.id, target_id: dev.id, before: { role: 'developer' }, after: { keys_revoked: 2 } }]);

    // Their next request in the workspace: 404, page and route alike; the rest of their account works.
    expect((await dev.b.fetch(team.api('/members'))).status).toBe(404);
    expect((await dev.b.fetch(`/w/${team.slug}/dashboard/members`)).status).toBe(404);
    expect((await dev.b.fetch(`/w/${team.slug}/dashboard`)).status).toBe(404);
    expect(await q(`SELECT last_workspace_id FROM users WHERE id = $1`, [dev.id])).toEqual([{ last_workspace_id: null }]);
    const theirs = await dev.b.json('/api/dashboard/workspaces');
    expect(theirs.status).toBe(200);
    expect((theirs.body.workspaces as Array<{ slug: string }>).map((w) => w.slug)).not.toContain(team.slug);

    // Only their keys in this workspace were revoked.
    for (const key of teamKeys) expect((await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(401);
    expect((await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${ownersKey.key}` } })).status).toBe(200);
    expect(await q(`SELECT revoked_at IS NULL AS usable FROM api_keys WHERE id = $1`, [personalKey.id])).toEqual([{ usable: true }]);
    expect((await send(owner.b, 'DELETE', team.api(`/members/${dev.id}`))).status).toBe(404);
  });

  it('removal without the option keeps their keys; nobody removes themself or a personal workspace’s person', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner);
    const dev = await person('dev');
    await join(owner, team, dev, 'developer');
    const key = await issueKey({ userId: team.id, createdBy: dev.id, name: 'stays', scopes: ['read'] });
    expect(await send(owner.b, 'DELETE', team.api(`/members/${dev.id}`))).toEqual({ status: 200, body: { removed: true, keysRevoked: 0 } });
    expect((await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(200);
    expect((await send(owner.b, 'DELETE', team.api(`/members/${owner.id}`))).status).toBe(409);

    // A guest in someone's personal workspace, made a co-owner, still cannot remove its person.
    const guest = await person('guest');
    const [{ slug }] = await q<{ slug: string }>(`SELECT slug FROM workspaces WHERE id = $1`, [owner.id]);
    const mine = { id: owner.id, slug, api: (path: string) => inWorkspace(slug, path) };
    await join(owner, mine, guest, 'owner');
    const refused = await send(guest.b, 'DELETE', mine.api(`/members/${owner.id}`));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('personal workspace');
  });

  it('a member leaves; nobody leaves their own personal workspace or as the last owner', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Leavers');
    const viewer = await person('viewer');
    await join(owner, team, viewer, 'viewer');
    expect(await send(viewer.b, 'POST', team.api('/members/leave'))).toEqual({ status: 200, body: { left: true } });
    expect(await roleOf(team.id, viewer.id)).toBeNull();
    expect(await audits(team.id, 'member.left')).toEqual([{ actor_id: viewer.id, target_id: viewer.id, before: { role: 'viewer' }, after: null }]);
    expect((await viewer.b.fetch(team.api('/members'))).status).toBe(404);
    const [{ slug }] = await q<{ slug: string }>(`SELECT slug FROM workspaces WHERE id = $1`, [viewer.id]);
    const personal = await send(viewer.b, 'POST', inWorkspace(slug, '/members/leave'));
    expect(personal).toEqual({ status: 409, body: { error: 'this is your personal workspace: you cannot leave it' } });
    expect(await send(owner.b, 'POST', team.api('/members/leave'))).toEqual({
      status: 409,
      body: { error: 'you are the last owner: make someone else an owner before you leave' },
    });
  });
});

describe('the members page', () => {
  it('shows managers the controls their role allows and viewers none', async () => {
    const owner = await person('owner');
    const team = await teamOf(owner, 'Pages');
    const admin = await person('admin');
    const viewer = await person('viewer');
    await join(owner, team, admin, 'admin');
    await join(owner, team, viewer, 'viewer');
    const page = async (p: Person) => {
      const response = await p.b.fetch(`/w/${team.slug}/dashboard/members`);
      expect(response.status).toBe(200);
      return html(response);
    };
    const ownerPage = await page(owner);
    expect(ownerPage).toContain('Invite a member');
    expect(ownerPage).toContain(`Role of ${admin.email}`);
    expect(ownerPage).toContain('Pending invitations');
    const adminPage = await page(admin);
    expect(adminPage).toContain('Invite a member');
    // Admins get no control over the owner.
    expect(adminPage).not.toContain(`Role of ${owner.email}`);
    expect(adminPage).not.toContain(`Remove ${owner.email}`);
    expect(adminPage).toContain(`Role of ${viewer.email}`);
    const viewerPage = await page(viewer);
    expect(viewerPage).toContain(owner.email);
    expect(viewerPage).not.toContain('Invite a member');
    expect(viewerPage).not.toContain('Role of ');
    expect(viewerPage).not.toContain('Pending invitations');
  });
});
