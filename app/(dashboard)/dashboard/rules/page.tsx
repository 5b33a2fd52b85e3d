import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { requireUser } from '@/lib/auth/require-user';
import { DELIVERY_STATUSES, getRealtime } from '@/lib/dashboard/get-realtime';

export const metadata: Metadata = { title: 'Rules' };

export default async function RulesPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const user = await requireUser('/dashboard/rules');
  const requested = (await searchParams).status ?? null;
  const status = requested && (DELIVERY_STATUSES as readonly string[]).includes(requested) ? requested : null;
  const { rules, endpoints, deliveries } = await getRealtime(user.id, status);
  return (
    <>
      <PageHeader
        title="Rules"
        description="Filter rules and account monitors of your keys, your webhook endpoints and their deliveries. Each delivered match costs 15 credits. Manage them with the /v2/rules and /v2/webhooks operations (see docs/realtime.md)."
      />
      <div className="flex flex-col gap-6">
        <Card title="Rules">
          {rules.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No rules yet: create one with POST /v2/rules.</p>
          ) : (
            <TableScroll label="Rules table">
              <table className={TABLE_CLASSES}>
                <thead>
                  <tr>
                    {['Tag', 'Type', 'Platform', 'Query or accounts', 'Status', 'Key', 'Matches'].map((name) => (
                      <th key={name} scope="col" className={TH_CLASSES}>
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rules.map((rule) => (
                    <tr key={rule.id}>
                      <td className={TD_CLASSES}>{rule.tag}</td>
                      <td className={TD_CLASSES}>{rule.kind}</td>
                      <td className={TD_CLASSES}>{rule.platform}</td>
                      <td className={`${TD_CLASSES} font-mono text-xs`}>{rule.definition}</td>
                      <td className={TD_CLASSES}>{rule.status === 'active' ? 'active' : `paused (${rule.pausedReason?.replaceAll('_', ' ')})`}</td>
                      <td className={TD_CLASSES}>{rule.keyName}</td>
                      <td className={`${TD_CLASSES} tabular-nums`}>{rule.matches}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Card>
        <Card title="Webhook endpoints">
          {endpoints.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No endpoints yet: register one with POST /v2/webhooks (the secret is shown once, in its answer).</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <span className="font-mono">{endpoint.url}</span> {endpoint.description && `· ${endpoint.description} `}· since {endpoint.createdAt} UTC
                  {endpoint.previousSecretExpiresAt && ` · previous secret valid until ${endpoint.previousSecretExpiresAt} UTC`}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Deliveries">
          <nav aria-label="Delivery status" className="mb-3 flex flex-wrap gap-3 text-sm">
            {[null, ...DELIVERY_STATUSES].map((option) => (
              <Link
                key={option ?? 'all'}
                href={option ? `/dashboard/rules?status=${option}` : '/dashboard/rules'}
                aria-current={option === status ? 'page' : undefined}
                className={option === status ? 'font-semibold underline' : 'text-brand-600 dark:text-brand-400'}
              >
                {option ? option.replaceAll('_', ' ') : 'all'}
              </Link>
            ))}
          </nav>
          {deliveries.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No deliveries{status ? ` with status ${status.replaceAll('_', ' ')}` : ''}.</p>
          ) : (
            <TableScroll label="Deliveries table">
              <table className={TABLE_CLASSES}>
                <thead>
                  <tr>
                    {['Created (UTC)', 'Endpoint', 'Event', 'Tweet', 'Status', 'Attempts', 'Response', 'Latency'].map((name) => (
                      <th key={name} scope="col" className={TH_CLASSES}>
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {deliveries.map((delivery) => (
                    <tr key={delivery.id}>
                      <td className={`${TD_CLASSES} whitespace-nowrap`}>{delivery.createdAt}</td>
                      <td className={`${TD_CLASSES} font-mono text-xs`}>{delivery.endpointUrl}</td>
                      <td className={TD_CLASSES}>{delivery.event}</td>
                      <td className={`${TD_CLASSES} font-mono text-xs`}>{delivery.tweetId ?? '—'}</td>
                      <td className={TD_CLASSES}>{delivery.status.replaceAll('_', ' ')}</td>
                      <td className={`${TD_CLASSES} tabular-nums`}>{delivery.attempts}</td>
                      <td className={TD_CLASSES}>{delivery.statusCode ?? delivery.error ?? '—'}</td>
                      <td className={`${TD_CLASSES} tabular-nums`}>{delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Card>
      </div>
    </>
  );
}
