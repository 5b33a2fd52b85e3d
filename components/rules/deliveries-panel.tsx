'use client';

import { useState } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TABLE_CLASSES, TD_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { DELIVERY_STATUSES, deliveryErrorBeyondCode, type DeliveryStatus } from '@/lib/dashboard/delivery-status';
import type { DashboardDelivery } from '@/lib/dashboard/get-realtime';
import { TableHead } from './table-head';

type Props = { deliveries: DashboardDelivery[]; status: DeliveryStatus | null; onStatus: (status: DeliveryStatus | null) => void; onChanged: () => void };

const label = (status: string) => status.replaceAll('_', ' ');

/** The latest deliveries to the account's endpoints, filtered by status, each delivered or failed one replayable. */
export function DeliveriesPanel({ deliveries, status, onStatus, onChanged }: Props) {
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function replay(delivery: DashboardDelivery) {
    setBusyId(delivery.id);
    const answer = await callV2('POST', `webhooks/deliveries/${delivery.id}/replay`);
    setBusyId(null);
    setMessage(answer.ok ? { tone: 'success', text: `Delivery ${delivery.id.slice(0, 8)} queued again: it is sent now, with the same id (created ${delivery.createdAt} stays).` } : { tone: 'error', text: answer.message });
    onChanged();
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Delivery status" className="flex flex-wrap gap-2">
        {[null, ...DELIVERY_STATUSES].map((option) => (
          <Button key={option ?? 'all'} variant={option === status ? 'primary' : 'secondary'} className="px-3 py-1 text-xs" aria-pressed={option === status} onClick={() => onStatus(option)}>
            {option ? label(option) : 'all'}
          </Button>
        ))}
      </div>
      <FormAlert message={message?.text} tone={message?.tone} />
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No deliveries{status ? ` with status ${label(status)}` : ''}.</p>
      ) : (
        <TableScroll label="Deliveries table">
          <table className={TABLE_CLASSES}>
            <TableHead columns={['Created (UTC)', 'Last attempt (UTC)', 'Endpoint', 'Event', 'Status', 'Attempts', 'Response', 'Error', 'Latency', '']} />
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>{delivery.createdAt}</td>
                  <td className={`${TD_CLASSES} whitespace-nowrap`}>
                    {delivery.lastAttemptAt ?? '—'}
                    {delivery.replayedAt && <span className="block text-xs text-slate-500 dark:text-slate-400">replayed {delivery.replayedAt}</span>}
                  </td>
                  <td className={`${TD_CLASSES} font-mono text-xs`}>{delivery.endpointUrl}</td>
                  <td className={TD_CLASSES}>
                    {delivery.event}
                    {delivery.ruleTag && <span className="block text-xs text-slate-500 dark:text-slate-400">{delivery.ruleTag}</span>}
                    {delivery.tweetId && <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">tweet {delivery.tweetId}</span>}
                  </td>
                  <td className={TD_CLASSES}>
                    {label(delivery.status)}
                    {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
                      <span className="block text-xs text-slate-500 dark:text-slate-400">next try {delivery.nextAttemptAt}</span>
                    )}
                  </td>
                  <td className={`${TD_CLASSES} tabular-nums`}>{delivery.attempts}</td>
                  <td className={`${TD_CLASSES} tabular-nums`}>{delivery.statusCode ?? '—'}</td>
                  <td className={`${TD_CLASSES} max-w-64 break-words text-xs`}>{deliveryErrorBeyondCode(delivery.statusCode, delivery.error) ?? '—'}</td>
                  <td className={`${TD_CLASSES} tabular-nums`}>{delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`}</td>
                  <td className={`${TD_CLASSES} text-right`}>
                    {(delivery.status === 'delivered' || delivery.status === 'failed') && (
                      <Button variant="secondary" className="px-2.5 py-1 text-xs" disabled={busyId === delivery.id} onClick={() => void replay(delivery)} aria-label={`Replay delivery ${delivery.id}`}>
                        Replay
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
