import type { Metadata } from 'next';
import { LinkedText } from '@/components/admin/linked-text';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TableScroll } from '@/components/ui/table-scroll';
import { requireAdmin } from '@/lib/auth/require-user';
import { mailConfig } from '@/lib/mail/mail-config';
import { listOutbox } from '@/lib/mail/send-mail';

export const metadata: Metadata = { title: 'Outbox' };

export default async function OutboxPage() {
  await requireAdmin();
  const mails = await listOutbox(100);
  const smtp = mailConfig().transport !== null;
  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          smtp
            ? 'Mail goes out through SMTP; here are the latest sent (texts are not kept, they hold single-use links).'
            : 'No SMTP is configured (SMTP_URL or SMTP_HOST): mails are not sent, they are written to the server log and listed here. Pass the links on to their owners.'
        }
      />
      <Card title={`Latest mails (${mails.length})`}>
        {mails.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No mail yet.</p>
        ) : (
          <TableScroll label="Outbox">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
                  <th className="py-2 pr-3 font-medium">When</th>
                  <th className="py-2 pr-3 font-medium">To</th>
                  <th className="py-2 pr-3 font-medium">Subject</th>
                  <th className="py-2 font-medium">Text</th>
                </tr>
              </thead>
              <tbody>
                {mails.map((mail) => (
                  <tr key={mail.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                    <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{mail.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td>
                    <td className="py-2 pr-3">{mail.to}</td>
                    <td className="py-2 pr-3">
                      {mail.subject}
                      {mail.error && <p className="text-xs text-red-700 dark:text-red-400">Not delivered: {mail.error}</p>}
                    </td>
                    <td className="py-2">
                      <pre className="max-w-xl text-xs break-all whitespace-pre-wrap">
                        <LinkedText text={mail.text} />
                      </pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </>
  );
}
