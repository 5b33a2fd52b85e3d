'use client';

import { useState } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SecretPanel } from '@/components/ui/secret-panel';
import type { DashboardEndpoint } from '@/lib/dashboard/get-realtime';
import { ENDPOINT_KIND_LABELS } from '@/lib/delivery/targets/endpoint-kinds';
import { EndpointForm, type EndpointWithSecret } from './endpoint-form';
import { TestEventResult } from './test-event-result';

type Revealed = { endpoint: EndpointWithSecret; rotated: boolean };
type Pending = { endpoint: DashboardEndpoint; action: 'rotate' | 'delete' };

const SMALL = 'px-2.5 py-1 text-xs';

/** An endpoint whose circuit breaker is open: deliveries wait, without attempts, until its trial. */
function CircuitBadge({ endpoint }: { endpoint: DashboardEndpoint }) {
  const when = endpoint.circuit === 'open' && endpoint.retryAt ? `retrying at ${endpoint.retryAt} UTC` : 'retrying now';
  return (
    <span
      role="status"
      className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
    >
      Paused after {endpoint.consecutiveFailures} failures — {when}
    </span>
  );
}

/** Where an endpoint delivers and what: its kind, address, digest period and event filter, in one line. */
function endpointSummary(endpoint: DashboardEndpoint): string {
  const kind = ENDPOINT_KIND_LABELS[endpoint.type];
  const digest = endpoint.type === 'email' ? ` every ${endpoint.digestMinutes} min` : '';
  const events = endpoint.events === null ? 'all events' : endpoint.events.join(', ');
  return `${kind}${digest} · ${events}`;
}

/** The account's endpoints (webhook, Slack, Discord, email): add (a webhook's secret shown once), send a test event, rotate a webhook's secret, delete. */
export function EndpointsPanel({ endpoints, onChanged }: { endpoints: DashboardEndpoint[]; onChanged: () => void }) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [tests, setTests] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function sendTest(endpoint: DashboardEndpoint) {
    const answer = await callV2<{ delivery_id: string }>('POST', `webhooks/${endpoint.id}/test`);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    setTests((previous) => ({ ...previous, [endpoint.id]: answer.data.delivery_id }));
    onChanged();
  }

  async function confirm(): Promise<string | null> {
    if (!confirming) return null;
    const { endpoint, action } = confirming;
    const answer =
      action === 'delete'
        ? await callV2('DELETE', `webhooks/${endpoint.id}`)
        : await callV2<EndpointWithSecret>('POST', `webhooks/${endpoint.id}/rotate-secret`, { body: {} });
    if (!answer.ok) return answer.message;
    if (action === 'rotate') setRevealed({ endpoint: answer.data as EndpointWithSecret, rotated: true });
    return null;
  }

  const rotating = confirming?.action === 'rotate';
  return (
    <div className="flex flex-col gap-4">
      {revealed && (
        <SecretPanel
          heading={`${revealed.rotated ? 'New signing secret' : 'Signing secret'} for ${revealed.endpoint.url}`}
          secret={revealed.endpoint.secret}
          secretLabel="Webhook signing secret"
          copyLabel="Copy secret"
          noun="secret"
          note={revealed.rotated ? 'For the next 24 hours deliveries carry a second signature made with the old secret: switch your receiver before then.' : 'Verify each delivery’s Perch-Signature with it (verifyWebhookSignature in the TypeScript client).'}
          onDismiss={() => setRevealed(null)}
        />
      )}
      <EndpointForm
        onCreated={(endpoint) => {
          // Only a webhook signs its deliveries: the others' secret is never used, so not shown.
          if (endpoint.type === 'webhook') setRevealed({ endpoint, rotated: false });
          onChanged();
        }}
      />
      <FormAlert message={error} />
      {endpoints.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No endpoints yet. Matches reach your keys’ streams only.</p>
      ) : (
        <ul aria-label="Webhook endpoints" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} aria-label={endpoint.url} className="flex flex-col gap-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0 text-sm">
                  <span className="break-all font-mono">{endpoint.type === 'email' ? endpoint.email : endpoint.url}</span>
                  <span className="block text-xs font-medium text-slate-700 dark:text-slate-300">{endpointSummary(endpoint)}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {endpoint.description && `${endpoint.description} · `}since {endpoint.createdAt} UTC
                    {endpoint.previousSecretExpiresAt && ` · previous secret valid until ${endpoint.previousSecretExpiresAt} UTC`}
                  </span>
                  {endpoint.circuit !== 'closed' && <CircuitBadge endpoint={endpoint} />}
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" className={SMALL} onClick={() => void sendTest(endpoint)}>
                    Send test event
                  </Button>
                  {endpoint.type === 'webhook' && (
                    <Button variant="secondary" className={SMALL} onClick={() => setConfirming({ endpoint, action: 'rotate' })}>
                      Rotate secret
                    </Button>
                  )}
                  <Button variant="danger" className={SMALL} onClick={() => setConfirming({ endpoint, action: 'delete' })}>
                    Delete
                  </Button>
                </div>
              </div>
              {tests[endpoint.id] && <TestEventResult endpointId={endpoint.id} deliveryId={tests[endpoint.id]} />}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={rotating ? 'Rotate the signing secret?' : 'Delete this endpoint?'}
        description={
          rotating
            ? `${confirming?.endpoint.url} gets a new secret, shown once. The old one keeps signing alongside it for 24 hours.`
            : `${confirming?.endpoint.url ?? ''} stops receiving matches, and its delivery log is deleted.`
        }
        actionLabel={rotating ? 'Rotate secret' : 'Delete endpoint'}
        pendingLabel={rotating ? 'Rotating…' : 'Deleting…'}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
        onDone={() => {
          setConfirming(null);
          onChanged();
        }}
      />
    </div>
  );
}
