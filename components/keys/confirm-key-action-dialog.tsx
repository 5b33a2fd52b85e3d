'use client';

import type { ReactNode } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { KeySummary } from '@/lib/dashboard/list-keys';

export type ConfirmKeyActionProps = {
  /** The key the dialog asks about; null keeps it closed. */
  subject: KeySummary | null;
  title: string;
  description: ReactNode;
  /** The route the confirmed action DELETEs. */
  url: (key: KeySummary) => string;
  actionLabel: string;
  pendingLabel: string;
  onClose: () => void;
  onDone: () => void;
};

/** Asks before an irreversible DELETE on a key (revoke, delete), and shows the route's refusal. */
export function ConfirmKeyActionDialog({ subject, url, ...props }: ConfirmKeyActionProps) {
  async function run(): Promise<string | null> {
    if (!subject) return null;
    const answer = await sendJson('DELETE', url(subject));
    if (answer.ok) return null;
    return answer.status === 404 ? 'This key no longer exists.' : answer.message;
  }
  return <ConfirmDialog open={subject !== null} onConfirm={run} {...props} />;
}
