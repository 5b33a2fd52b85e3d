import type { Metadata } from 'next';
import Link from 'next/link';
import { BrandCardPage } from '@/components/ui/brand-card-page';
import { buttonClasses } from '@/components/ui/button-styles';
import { InvitationAnswer } from '@/components/workspaces/invitation-answer';
import { SwitchAccountButton } from '@/components/workspaces/switch-account-button';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { invitationByToken, isInvitee, unusableReason } from '@/lib/workspaces/find-invitation';
import { ROLE_LABELS, ROLE_SUMMARIES } from '@/lib/workspaces/roles';

export const metadata: Metadata = { title: 'Invitation', robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

// Outside the dashboard: the invitee is not a member of the workspace yet, and may not be
// signed in (or even have an account).
export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  const invitation = await invitationByToken(token);
  const reason = unusableReason(invitation);
  const user = await getCurrentUser();
  if (!invitation || reason) {
    return (
      <BrandCardPage wide>
        <h1 className="text-xl font-bold">This invitation cannot be used</h1>
        <p role="alert" className="mt-3 text-sm">
          {reason}
        </p>
        <p className="mt-4 text-sm">
          <Link href={user ? '/dashboard' : '/signin'} className="text-brand-700 underline dark:text-brand-400">
            {user ? 'Go to your dashboard' : 'Sign in'}
          </Link>
        </p>
      </BrandCardPage>
    );
  }
  const returnTo = `/invite/${token}`;
  return (
    <BrandCardPage wide>
      <h1 className="text-xl font-bold">Join {invitation.workspace.name}</h1>
      <p className="mt-3 text-sm">
        {invitation.inviterEmail ?? 'A member'} invited <strong>{invitation.email}</strong> to the workspace <strong>{invitation.workspace.name}</strong> on Perch as{' '}
        <strong>{ROLE_LABELS[invitation.role]}</strong>.
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {ROLE_LABELS[invitation.role]}: {ROLE_SUMMARIES[invitation.role]}. The link works until {invitation.expiresAt.slice(0, 10)}.
      </p>
      <div className="mt-5">
        {!user ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">Sign in as {invitation.email} to answer it.</p>
            <div className="flex gap-2">
              <Link href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`} className={buttonClasses('primary')}>
                Sign in to accept
              </Link>
              <Link href={`/signup?callbackUrl=${encodeURIComponent(returnTo)}`} className={buttonClasses('secondary')}>
                Create an account
              </Link>
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">New to Perch? Sign up with {invitation.email}: the link in the sign-up mail brings you back here.</p>
          </div>
        ) : !isInvitee(invitation, user.email) ? (
          <div className="flex flex-col gap-3">
            <p role="alert" className="text-sm">
              This invitation is for <strong>{invitation.email}</strong>, and you are signed in as <strong>{user.email}</strong>. Sign in as {invitation.email} to answer it.
            </p>
            <div>
              <SwitchAccountButton returnTo={returnTo} />
            </div>
          </div>
        ) : (
          <InvitationAnswer token={token} workspaceName={invitation.workspace.name} />
        )}
      </div>
    </BrandCardPage>
  );
}
