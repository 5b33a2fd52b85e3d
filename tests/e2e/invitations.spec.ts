import pg from 'pg';
import { expect, mailedLink, PASSWORD, signUp, test, uniqueEmail } from './support/fixtures';

/** The invitation link in the newest invitation mail to `email` (the server has no SMTP: the outbox keeps it). */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
        await client.connect();
        try {
          const { rows } = await client.query<{ text_body: string }>(
            `SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'You are invited to %' ORDER BY id DESC LIMIT 1`,
            [email],
          );
          link = rows[0] ? /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(rows[0].text_body)?.[0] : undefined;
        } finally {
          await client.end();
        }
        return link;
      },
      { message: `an invitation mailed to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

test('an owner invites someone into a new workspace; they accept and work in it beside the owner', async ({ browser, baseURL }) => {
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signUp(ownerPage, uniqueEmail('owner'));

  // A shared workspace, and a key in it.
  await ownerPage.goto('/dashboard/workspaces/new');
  await ownerPage.getByLabel('Workspace name').fill('Shared Flock');
  await ownerPage.getByRole('button', { name: 'Create workspace' }).click();
  await expect(ownerPage).toHaveURL(/\/w\/shared-flock-[0-9a-f]{6}\/dashboard$/);
  const slug = /\/w\/([a-z0-9-]+)\//.exec(ownerPage.url())![1];
  await ownerPage.goto(`/w/${slug}/dashboard/keys`);
  const keyForm = ownerPage.getByRole('form', { name: 'Create an API key' });
  await keyForm.getByLabel('Key name').fill('flock ingest key');
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  await expect(ownerPage.getByLabel('New API key')).toBeVisible();

  // The invitation.
  const inviteeEmail = uniqueEmail('invitee');
  await ownerPage.goto(`/w/${slug}/dashboard/members`);
  const form = ownerPage.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email address').fill(inviteeEmail);
  await form.getByLabel('Role').selectOption('developer');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible();
  await expect(ownerPage.getByRole('region', { name: 'Pending invitations' }).getByRole('row', { name: new RegExp(inviteeEmail) })).toContainText('Developer');
  const link = await invitationLink(inviteeEmail);

  // The invitee, in a browser of their own: signed out, the link asks them to sign in or sign up.
  const invitee = await browser.newContext({ baseURL });
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Join Shared Flock' })).toBeVisible();
  await expect(inviteePage.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  // New to Perch: signing up from the invitation ends back on it (the mailed link carries it).
  await inviteePage.getByRole('link', { name: 'Create an account' }).click();
  await inviteePage.getByLabel('Email').fill(inviteeEmail);
  await inviteePage.getByLabel('Password').fill(PASSWORD);
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await inviteePage.goto(await mailedLink(inviteeEmail, 'Finish signing up for Perch'));
  await inviteePage.getByLabel('Password').fill(PASSWORD);
  await inviteePage.getByRole('button', { name: 'Finish signing up' }).click();
  await expect(inviteePage).toHaveURL(new URL(link).pathname);
  await inviteePage.getByRole('button', { name: 'Accept' }).click();
  await expect(inviteePage).toHaveURL(new RegExp(`/w/${slug}/dashboard$`));

  // Developers see the workspace's keys, the owner's included.
  await inviteePage.goto(`/w/${slug}/dashboard/keys`);
  await expect(inviteePage.getByRole('row', { name: /flock ingest key/ })).toBeVisible();
  // The link is used up.
  await inviteePage.goto(link);
  await expect(inviteePage.getByText('This invitation to Shared Flock was already accepted.')).toBeVisible();

  // The owner sees the new member, and no pending invitation.
  await ownerPage.reload();
  const members = ownerPage.getByRole('region', { name: 'Members', exact: true });
  await expect(members.getByRole('row', { name: new RegExp(inviteeEmail) })).toBeVisible();
  await expect(members.getByLabel(`Role of ${inviteeEmail}`)).toHaveValue('developer');
  await expect(ownerPage.getByText('No pending invitations.')).toBeVisible();

  await Promise.all([owner.close(), invitee.close()]);
});
