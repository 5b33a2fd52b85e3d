import fs from 'node:fs';
import pg from 'pg';
import { expect, signUp, test, uniqueEmail } from './support/fixtures';

// The Audit log page as an owner reads it: the newest 50 lines, "Load more" for the rest, a
// filter by kind of action and text, a line's before/after, and the CSV of what is selected.

async function seedLines(email: string): Promise<{ workspaceId: string; slug: string }> {
  const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; slug: string }>(
      'SELECT w.id, w.slug FROM workspaces w JOIN users u ON u.id = w.id WHERE u.email = $1 AND w.personal',
      [email],
    );
    const { id, slug } = rows[0];
    // 60 rule lines an hour apart, older than the sign-ins, and one update with its states.
    await client.query(
      `INSERT INTO audit_events (workspace_id, at, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, after)
       SELECT $1, now() - interval '1 day' - i * interval '1 hour', 'key', 'key_e2e', 'deploy (perch_ab12…)', 'rule.created', 'rule', i::text, 'seeded rule ' || i, '203.0.113.9', '{"tag":"t"}'
       FROM generate_series(1, 60) AS i`,
      [id],
    );
    await client.query(
      `INSERT INTO audit_events (workspace_id, at, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, before, after)
       VALUES ($1, now() - interval '2 hours', 'key', 'key_e2e', 'deploy (perch_ab12…)', 'rule.updated', 'rule', '99', 'renamed heron', '203.0.113.9',
               '{"tag":"heron","query":"birds"}', '{"tag":"renamed heron","query":"birds"}')`,
      [id],
    );
    return { workspaceId: id, slug };
  } finally {
    await client.end();
  }
}

test('an owner pages, filters, opens a change and downloads the CSV of the audit log', async ({ page }) => {
  const email = uniqueEmail('audit');
  await signUp(page, email);
  const { slug } = await seedLines(email);

  await page.goto(`/w/${slug}/dashboard/audit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Audit log' }).locator('tbody tr[data-audit-id]');
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  // 61 seeded lines and the sign-in of the sign-up (at least one).
  await expect(page.getByText('That is every line these filters select.')).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(62);
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();

  // Rule changes whose labels say "heron": the update alone, its fields side by side.
  await page.getByLabel('Action').selectOption('rule.');
  await page.getByLabel('Text').fill('heron');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=rule\.&.*q=heron/);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Rule updated');
  await expect(row).toContainText('deploy (perch_ab12…)');
  await expect(row).toContainText('203.0.113.9');
  await row.getByText('Before / after').click();
  const tag = row.locator('tr[data-changed="true"]');
  await expect(tag).toHaveCount(1);
  await expect(tag).toContainText('"heron"');
  await expect(tag).toContainText('"renamed heron"');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^perch-audit-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe('time,actor_kind,actor,action,target_kind,target_id,target_label,ip,before,after');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',key,deploy (perch_ab12…),rule.updated,rule,99,renamed heron,203.0.113.9,');
});
