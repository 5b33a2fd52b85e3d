import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/settings/change-password-form';
import { DeleteAccountForm } from '@/components/settings/delete-account-form';
import { EmailStatus } from '@/components/settings/email-status';
import { TwoFactorPanel } from '@/components/settings/two-factor-panel';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';
import { recoveryCodesLeft } from '@/lib/account/recovery-codes';
import { requireWorkspace } from '@/lib/auth/require-workspace';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  // Settings are the person's own (password, 2FA, deletion): any member reaches them.
  const { user } = await requireWorkspace('usage.view');
  const codesLeft = user.twoFactor ? await recoveryCodesLeft(user.id) : null;
  return (
    <>
      <PageHeader title="Settings" description="Your sign-in details and account." />
      <div className="flex flex-col gap-6">
        <Card title="Email address">
          <EmailStatus email={user.email} verified={user.emailVerified} />
        </Card>
        {user.hasPassword && (
          <Card title="Password">
            <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} />
          </Card>
        )}
        {user.hasPassword && (
          <Card title="Two-factor sign-in">
            <TwoFactorPanel enabled={user.twoFactor} codesLeft={codesLeft} />
          </Card>
        )}
        <Card title="Delete account">
          <DeleteAccountForm hasPassword={user.hasPassword} email={user.email} twoFactor={user.twoFactor} />
        </Card>
      </div>
    </>
  );
}
