import { screenshotPage } from './support/screenshots';
import { expect, signUp, test, uniqueEmail, withDatabase } from './support/fixtures';

// Issue 33: the API keys page's "Use with AI agents" section (this deployment's /mcp URL, the
// client configurations and their copy buttons, the new key filled in while it is shown) and
// the per-key MCP cap in the key's settings, shown in the list.

test('the keys page shows the /mcp URL and copyable client configs, and a key’s MCP cap is set and shown', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page, uniqueEmail('mcpkeys'));
  await page.goto('/dashboard/keys');
  const mcpUrl = `${baseURL}/mcp`;

  const section = page.getByRole('region', { name: 'Use with AI agents' });
  await expect(section).toBeVisible();
  await expect(section.getByLabel('MCP server URL')).toHaveText(mcpUrl);
  // Each configuration is a figure: its caption (with the Copy button) and the code, labelled.
  const copyButtonOf = (label: string) => section.locator('figure').filter({ has: page.getByLabel(label, { exact: true }) }).getByRole('button');
  const json = section.getByLabel('JSON (mcpServers)', { exact: true });
  const claude = section.getByLabel('Claude Code', { exact: true });
  const vscode = section.getByLabel('VS Code (.vscode/mcp.json)', { exact: true });
  await expect(claude).toHaveText(`claude mcp add --transport http perch ${mcpUrl} --header "Authorization: Bearer perch_YOUR_API_KEY"`);
  expect(JSON.parse((await vscode.textContent())!)).toEqual({ servers: { perch: { type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer perch_YOUR_API_KEY' } } } });

  // The copy button puts the block's text on the clipboard.
  await copyButtonOf('JSON (mcpServers)').click();
  await expect(copyButtonOf('JSON (mcpServers)')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toEqual({ mcpServers: { perch: { url: mcpUrl, headers: { Authorization: 'Bearer perch_YOUR_API_KEY' } } } });

  // A key just created: offered filled in while its secret is on screen, and only then.
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill('agent key');
  await form.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByLabel('New API key').textContent())!.trim();
  expect(key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
  await expect(claude).toHaveText(`claude mcp add --transport http perch ${mcpUrl} --header "Authorization: Bearer ${key}"`);
  await copyButtonOf('Claude Code').click();
  await expect(copyButtonOf('Claude Code')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Bearer ${key}`);
  await section.getByLabel('Fill in the new key “agent key”').uncheck();
  await expect(json).toContainText('perch_YOUR_API_KEY');
  await section.getByLabel('Fill in the new key “agent key”').check();
  await expect(json).toContainText(key);
  await screenshotPage(page, 'keys-mcp-section');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(json).toContainText('perch_YOUR_API_KEY');
  await expect(section).not.toContainText(key);

  // The cap: the server default until set; a bad value is refused in place; then shown in the row.
  const row = page.getByRole('row', { name: /agent key/ });
  await expect(row).toContainText('MCP: 1,000 (default) credits/call');
  await page.getByRole('button', { name: 'Edit key agent key' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit agent key' });
  const cap = edit.getByLabel('Most credits per MCP tool call');
  await expect(cap).toHaveValue('');
  await expect(edit.getByText('Empty: the server default, 1,000.')).toBeVisible();
  await cap.fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('The cap must be at least 1 credit')).toBeVisible();
  await cap.fill('250');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('MCP: 250 credits/call');
  await page.reload();
  await expect(row).toContainText('MCP: 250 credits/call');
  const stored = await withDatabase(async (client) => (await client.query<{ cap: string }>(`SELECT mcp_max_credits::text AS cap FROM api_keys WHERE name = 'agent key' AND key_end = $1`, [key.slice(-4)])).rows);
  expect(stored).toEqual([{ cap: '250' }]);

  // Cleared again: back to the default.
  await page.getByRole('button', { name: 'Edit key agent key' }).click();
  await expect(cap).toHaveValue('250');
  await cap.fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('MCP: 1,000 (default) credits/call');
});
