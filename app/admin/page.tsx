import type { Metadata } from 'next';
import Link from 'next/link';
import { GrantForm } from '@/components/admin/grant-form';
import { UpstreamBudgetGauges } from '@/components/admin/upstream-budget-gauges';
import { UsersTable } from '@/components/admin/users-table';
import { Card, Stat } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/lib/auth/require-user';
import { formatNumber } from '@/lib/dashboard/format';
import { getPlatformFigures } from '@/lib/dashboard/get-platform-figures';
import { listAdminUsers } from '@/lib/dashboard/list-admin-users';

export const metadata: Metadata = { title: 'Admin' };

const LINK = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-500';
const TABLE_LABELS = { users: 'Platform users', tweets: 'Tweets', follows: 'Follows', likes: 'Likes' } as const;

export default async function AdminPage() {
  await requireAdmin();
  const [users, platform] = await Promise.all([listAdminUsers(), getPlatformFigures()]);
  return (
    <>
      <PageHeader
        title="Admin"
        description="Accounts, credits, upstream budgets and the embedded platform."
        actions={
          <nav aria-label="Admin pages" className="flex flex-wrap gap-4 text-sm font-medium">
            <Link href="/admin/prices" className={LINK}>
              Prices and costs
            </Link>
            <Link href="/admin/margin" className={LINK}>
              Margin
            </Link>
            <Link href="/admin/outbox" className={LINK}>
              Outbox (sent mail)
            </Link>
          </nav>
        }
      />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="platform-heading">
          <h2 id="platform-heading" className="mb-3 text-base font-semibold">
            Platform
          </h2>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            {platform.counts.map((count) => (
              <Stat
                key={count.table}
                label={TABLE_LABELS[count.table]}
                value={`${count.estimated ? '≈ ' : ''}${formatNumber(count.rows)}`}
                detail={count.estimated ? 'estimated row count' : 'rows'}
              />
            ))}
            <Stat
              label="Live simulator"
              value={platform.live.enabled ? `${formatNumber(platform.live.ratePerSecond)}/s` : 'off'}
              detail={platform.live.enabled ? 'events per second (PERCH_LIVE_RATE)' : 'PERCH_LIVE=0'}
            />
            <Stat label="Tweets, last minute" value={formatNumber(platform.tweetsLastMinute)} detail="live and API writes" />
          </dl>
        </section>
        {/* Renders nothing when the deployment serves only the embedded platform. */}
        <UpstreamBudgetGauges />
        <Card title="Grant credits">
          <GrantForm emails={users.users.map((u) => u.email)} />
        </Card>
        <Card title={`Accounts (${formatNumber(users.total)})`}>
          <UsersTable users={users.users} />
          {users.total > users.users.length && (
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">Showing the {users.users.length} newest accounts.</p>
          )}
        </Card>
      </div>
    </>
  );
}
