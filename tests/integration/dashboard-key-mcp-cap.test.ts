import { describe, expect, it } from 'vitest';
import { listKeys } from '@/lib/dashboard/list-keys';
import { updateKey } from '@/lib/dashboard/update-key';
import { getPool } from '@/lib/db/pool';
import { keySnapshot } from '@/lib/keys/key-snapshot';
import { issueKey } from '@/lib/keys/issue-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { DEFAULT_MCP_MAX_CREDITS_PER_CALL, MAX_MCP_CREDITS_SETTING, mcpMaxCreditsOf, serverMcpMaxCredits } from '@/lib/keys/mcp-credit-cap';
import { createTestUser } from '../support/account-fixtures';

// Issue 33: a key's own cap on one MCP tool call's credits (api_keys.mcp_max_credits), set in
// the key's settings; empty leaves the server's PERCH_MCP_MAX_CREDITS_PER_CALL in force.

async function freshKey(label: string): Promise<{ workspaceId: string; keyId: string }> {
  const workspaceId = await createTestUser(label);
  const { id } = await issueKey({ userId: workspaceId, name: `${label} key`, scopes: ['read'] });
  return { workspaceId, keyId: id };
}

async function storedCap(keyId: string): Promise<string | null> {
  const { rows } = await getPool().query<{ cap: string | null }>('SELECT mcp_max_credits::text AS cap FROM api_keys WHERE id = $1', [keyId]);
  return rows[0].cap;
}

describe('the MCP cap per tool call in a key’s settings', () => {
  it('starts empty, stores a cap, lists and snapshots it, and clears it back to the server default', async () => {
    const { workspaceId, keyId } = await freshKey('mcpcap');
    expect((await listKeys(workspaceId))[0].mcpMaxCredits).toBeNull();
    expect(await keySnapshot(workspaceId, keyId)).toMatchObject({ mcp_max_credits: null });

    expect(await updateKey(workspaceId, keyId, { mcpMaxCredits: ' 2,500 ' })).toMatchObject({ ok: true, key: { mcpMaxCredits: 2500, name: 'mcpcap key' } });
    expect(await storedCap(keyId)).toBe('2500');
    expect((await listKeys(workspaceId))[0]).toMatchObject({ id: keyId, mcpMaxCredits: 2500 });
    expect(await keySnapshot(workspaceId, keyId)).toMatchObject({ mcp_max_credits: '2500' });

    // Another setting changed alone leaves the cap as it is.
    expect(await updateKey(workspaceId, keyId, { name: 'renamed' })).toMatchObject({ ok: true, key: { mcpMaxCredits: 2500 } });
    expect(await updateKey(workspaceId, keyId, { mcpMaxCredits: 7 })).toMatchObject({ ok: true, key: { mcpMaxCredits: 7 } });
    expect(await storedCap(keyId)).toBe('7');

    expect(await updateKey(workspaceId, keyId, { mcpMaxCredits: '' })).toMatchObject({ ok: true, key: { mcpMaxCredits: null } });
    expect(await storedCap(keyId)).toBeNull();
    expect((await listKeys(workspaceId))[0].mcpMaxCredits).toBeNull();
  });

  it('answers each bad cap with its message and changes nothing', async () => {
    const { workspaceId, keyId } = await freshKey('mcpcapbad');
    await updateKey(workspaceId, keyId, { mcpMaxCredits: '300' });
    const notANumber = 'Enter a whole number of credits, or leave it empty for the server default';
    const cases: Array<[unknown, string]> = [
      ['0', 'The cap must be at least 1 credit'],
      ['-5', notANumber],
      ['12.5', notANumber],
      [12.5, notANumber],
      ['lots', notANumber],
      [String(MAX_MCP_CREDITS_SETTING + 1), 'At most 1,000,000 credits per tool call'],
      ['99999999999999999999999', 'At most 1,000,000 credits per tool call'],
      [true, notANumber],
    ];
    for (const [mcpMaxCredits, message] of cases) expect(await updateKey(workspaceId, keyId, { mcpMaxCredits }), String(mcpMaxCredits)).toEqual({ ok: false, errors: { mcpMaxCredits: message } });
    expect(await storedCap(keyId)).toBe('300');
    // The bound itself is taken.
    expect(await updateKey(workspaceId, keyId, { mcpMaxCredits: String(MAX_MCP_CREDITS_SETTING) })).toMatchObject({ ok: true, key: { mcpMaxCredits: MAX_MCP_CREDITS_SETTING } });
  });

  it('is refused on a revoked key and on another workspace’s key', async () => {
    const { workspaceId, keyId } = await freshKey('mcpcaprevoked');
    const stranger = await createTestUser('mcpcapstranger');
    expect(await updateKey(stranger, keyId, { mcpMaxCredits: '5' })).toEqual({ ok: false, notFound: true });
    await revokeKey(keyId);
    expect(await updateKey(workspaceId, keyId, { mcpMaxCredits: '5' })).toEqual({ ok: false, errors: { form: 'This key is revoked: only its name can change' } });
    expect(await storedCap(keyId)).toBeNull();
  });

  it('the database refuses a cap of zero written around the form', async () => {
    const { keyId } = await freshKey('mcpcapcheck');
    await expect(getPool().query('UPDATE api_keys SET mcp_max_credits = 0 WHERE id = $1', [keyId])).rejects.toThrow(/check constraint/);
  });
});

describe('the server default', () => {
  it('reads PERCH_MCP_MAX_CREDITS_PER_CALL when it is a positive whole number, else 1,000; a key’s own cap wins', () => {
    expect(DEFAULT_MCP_MAX_CREDITS_PER_CALL).toBe(1000);
    expect(serverMcpMaxCredits({})).toBe(1000);
    expect(serverMcpMaxCredits({ PERCH_MCP_MAX_CREDITS_PER_CALL: '250' })).toBe(250);
    for (const bad of ['', '0', '-3', '1.5', 'many']) expect(serverMcpMaxCredits({ PERCH_MCP_MAX_CREDITS_PER_CALL: bad }), bad).toBe(1000);
    expect(mcpMaxCreditsOf(null, { PERCH_MCP_MAX_CREDITS_PER_CALL: '250' })).toBe(250);
    expect(mcpMaxCreditsOf(40n, { PERCH_MCP_MAX_CREDITS_PER_CALL: '250' })).toBe(40);
  });
});
