'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { RecentMatch } from '@/lib/dashboard/get-recent-matches';
import type { DeliveryStatus } from '@/lib/dashboard/delivery-status';
import type { DashboardRule, Realtime } from '@/lib/dashboard/get-realtime';
import { DeliveriesPanel } from './deliveries-panel';
import { EndpointsPanel } from './endpoints-panel';
import { LiveMatches } from './live-matches';
import { POLL_MS, REALTIME_QUERY_KEY, fetchRealtime, realtimeQueryKey } from './realtime-query';
import { RuleForm, type KeyChoice } from './rule-form';
import { RulesTable } from './rules-table';

type Props = {
  initial: Realtime;
  initialStatus: DeliveryStatus | null;
  initialMatches: RecentMatch[];
  keys: KeyChoice[];
  canManage: boolean;
  /** What a delivered match costs this workspace, in words ("15 credits"). */
  matchPrice: string;
};

/**
 * The Rules page's interactive part: rules (create, edit, pause, resume, delete), live matches,
 * webhook endpoints and the delivery log, all polled while the page is open. Rule calls run as
 * the rule's key through the dashboard's /v2 mount (X-Perch-Key-Id); endpoints are the account's.
 */
export function RulesManager({ initial, initialStatus, initialMatches, keys, canManage, matchPrice }: Props) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(initialStatus);
  const { data, isError } = useQuery({
    queryKey: realtimeQueryKey(status),
    queryFn: () => fetchRealtime(status),
    initialData: status === initialStatus ? initial : undefined,
    placeholderData: (previous) => previous,
    refetchInterval: POLL_MS,
  });
  const { rules, endpoints, deliveries } = data ?? initial;
  const [editing, setEditing] = useState<DashboardRule | null>(null);
  const [deleting, setDeleting] = useState<DashboardRule | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: REALTIME_QUERY_KEY });

  async function toggle(rule: DashboardRule) {
    setBusyId(rule.id);
    const answer = await callV2('POST', `rules/${rule.id}/${rule.status === 'active' ? 'pause' : 'resume'}`, { keyId: rule.keyId });
    setBusyId(null);
    setError(answer.ok ? null : answer.message);
    if (answer.ok) setAnnouncement(`Rule ${rule.tag} ${rule.status === 'active' ? 'paused' : 'resumed'}`);
    refresh();
  }

  async function remove(): Promise<string | null> {
    if (!deleting) return null;
    const answer = await callV2('DELETE', `rules/${deleting.id}`, { keyId: deleting.keyId });
    return answer.ok || answer.status === 404 ? null : answer.message;
  }

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <Card title="Create a rule">
        {!canManage ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Your role in this workspace reads rules; owners, admins and developers change them.</p>
        ) : keys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Rules belong to an API key. <Link href="/dashboard/keys" className="text-brand-600 underline dark:text-brand-400">Create a key</Link> first.
          </p>
        ) : (
          <RuleForm
            keys={keys}
            onSaved={(tag) => {
              setAnnouncement(`Rule ${tag} created`);
              refresh();
            }}
          />
        )}
      </Card>
      <Card title="Rules">
        <div className="flex flex-col gap-3">
          <FormAlert message={error ?? (isError ? 'Could not refresh the rules: retrying.' : null)} />
          <RulesTable rules={rules} busyId={busyId} onEdit={setEditing} onToggle={(rule) => void toggle(rule)} onDelete={setDeleting} />
        </div>
      </Card>
      <Card title="Live matches">
        <LiveMatches initialMatches={initialMatches} matchPrice={matchPrice} />
      </Card>
      <Card title="Webhook endpoints">
        <EndpointsPanel endpoints={endpoints} onChanged={refresh} />
      </Card>
      <Card title="Deliveries">
        <DeliveriesPanel deliveries={deliveries} status={status} onStatus={setStatus} onChanged={refresh} />
      </Card>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit rule ${editing?.tag ?? ''}`}>
        {editing && (
          <RuleForm
            rule={editing}
            keys={keys}
            onCancel={() => setEditing(null)}
            onSaved={(tag) => {
              setAnnouncement(`Rule ${tag} saved`);
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete rule ${deleting?.tag ?? ''}?`}
        description="It stops matching at once, and its matches are deleted with it. Deliveries already made stay in your endpoints’ logs."
        actionLabel="Delete rule"
        pendingLabel="Deleting…"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        onDone={() => {
          setAnnouncement(`Rule ${deleting?.tag ?? ''} deleted`);
          setDeleting(null);
          refresh();
        }}
      />
    </div>
  );
}
