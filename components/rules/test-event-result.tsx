'use client';

import { useQuery } from '@tanstack/react-query';
import { callV2 } from '@/components/dashboard/call-v2';
import { deliveryErrorBeyondCode } from '@/lib/dashboard/delivery-status';
import type { Delivery } from '@/lib/delivery/endpoint-store';

type Props = { endpointId: string; deliveryId: string };

async function findDelivery(endpointId: string, deliveryId: string): Promise<Delivery | null> {
  const answer = await callV2<Delivery[]>('GET', `webhooks/${endpointId}/deliveries?count=50`);
  if (!answer.ok) throw new Error(answer.message);
  return answer.data.find((delivery) => delivery.id === deliveryId) ?? null;
}

// Settled once it was tried: delivered, failed, or waiting for a retry after a failed attempt.
const settled = (delivery: Delivery | null | undefined) => !!delivery && (delivery.status !== 'pending' || delivery.attempts > 0);

function describe(delivery: Delivery | null | undefined): string {
  if (!settled(delivery)) return 'Test event sent: waiting for the first attempt…';
  const d = delivery!;
  // An email endpoint's attempt has no HTTP status: a delivered one was a mail queued.
  const answer = d.last_status_code === null ? (d.last_error ?? (d.status === 'delivered' ? 'mail queued' : 'no answer')) : `HTTP ${d.last_status_code}`;
  const latency = d.last_latency_ms === null ? '' : ` in ${d.last_latency_ms} ms`;
  if (d.status === 'delivered') return `Test event delivered: ${answer}${latency}.`;
  const beyond = d.last_status_code === null ? null : deliveryErrorBeyondCode(d.last_status_code, d.last_error);
  const error = beyond ? ` (${beyond})` : '';
  return `Test event failed: ${answer}${error}${latency}.${d.status === 'pending' ? ' It will be tried again.' : ''}`;
}

/** What became of a test event: polls the endpoint's delivery log (GET /v2/webhooks/{id}/deliveries, free) until it was tried. */
export function TestEventResult({ endpointId, deliveryId }: Props) {
  const { data, isError } = useQuery({
    queryKey: ['test-delivery', endpointId, deliveryId],
    queryFn: () => findDelivery(endpointId, deliveryId),
    refetchInterval: (query) => (settled(query.state.data) ? false : 1_000),
  });
  const failed = settled(data) && data!.status !== 'delivered';
  return (
    <p role="status" className={`text-sm ${failed || isError ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}>
      {isError ? 'Could not read the delivery log: retrying.' : describe(data)}
    </p>
  );
}
