import { sendMail } from '@/lib/mail/send-mail';
import { ROLE_LABELS, type Role } from './roles';
import { INVITATION_TTL_DAYS } from './invitation-token';

export type InvitationMail = { to: string; token: string; workspaceName: string; inviterEmail: string; role: Role; origin: string };

/** The link an invitation mail carries. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/invite/${token}`;
}

/** Mails the invitation link (through the outbox, like every Perch mail). */
export async function mailInvitation(mail: InvitationMail): Promise<void> {
  await sendMail({
    to: mail.to,
    subject: `You are invited to ${mail.workspaceName} on Perch`,
    text:
      `${mail.inviterEmail} invited you to join the workspace "${mail.workspaceName}" on Perch as ${ROLE_LABELS[mail.role]}.\n\n` +
      `Accept or decline here (the link works for ${INVITATION_TTL_DAYS} days; sign in, or sign up, with this address, ${mail.to}):\n` +
      `${invitationLink(mail.origin, mail.token)}\n\n` +
      `If you do not know why you got this, ignore this mail: nothing happens unless you accept.`,
  });
}
