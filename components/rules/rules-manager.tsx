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
import { MonitorTimeline } from './monitor-timeline';
import { POLL_MS, REALTIME_QUERY_KEY, fetchRealtime, realtimeQueryKey } from './realtime-query';
import { familyOf, type MonitorFamily } from './rule-definition';
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

// The three families of monitors, each in its own table.
const FAMILY_TABLES: { family: MonitorFamily; title: string; definitionColumn: string; countColumn: string; emptyText: string }[] = [
  { family: 'tweets', title: 'Tweet monitors', definitionColumn: 'Query or accounts', countColumn: 'Matches', emptyText: 'No tweet monitors yet: create one above.' },
  { family: 'follows', title: 'Follow monitors', definitionColumn: 'Account', countColumn: 'Events', emptyText: 'No follow monitors yet: create one above.' },
  { family: 'profiles', title: 'Profile monitors', definitionColumn: 'Accounts', countColumn: 'Events', emptyText: 'No profile monitors yet: create one above.' },
];

/**
 * The Monitors page's interactive part: monitors of tweets, follows and profiles (create, edit,
 * pause, resume, delete, a timeline of each one's events), live matches, endpoints and the
 * delivery log, all polled while the page is open. Monitor calls run as the monitor's key through
 * the dashboard's /v2 mount (X-Perch-Key-Id); endpoints are the account's.
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
  const [openId, setOpenId] = useState<string | null>(null);
  const open = rules.find((rule) => rule.id === openId) ?? null;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: REALTIME_QUERY_KEY });

  async function toggle(rule: DashboardRule) {
    setBusyId(rule.id);
    const answer = await callV2('POST', `rules/${rule.id}/${rule.status === 'active' ? 'pause' : 'resume'}`, { keyId: rule.keyId });
    setBusyId(null);
    setError(answer.ok ? null : answer.message);
    if (answer.ok) setAnnouncement(`Monitor ${rule.tag} ${rule.status === 'active' ? 'paused' : 'resumed'}`);
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
      <Card title="Create a monitor">
        {!canManage ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Your role in this workspace reads monitors; owners, admins and developers change them.</p>
        ) : keys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Monitors belong to an API key. <Link href="/dashboard/keys" className="text-brand-600 underline dark:text-brand-400">Create a key</Link> first.
          </p>
        ) : (
          <RuleForm
            keys={keys}
            onSaved={(tag) => {
              setAnnouncement(`Monitor ${tag} created`);
              refresh();
            }}
          />
        )}
      </Card>
      <FormAlert message={error ?? (isError ? 'Could not refresh the monitors: retrying.' : null)} />
      {FAMILY_TABLES.map((table) => (
        <Card key={table.family} title={table.title}>
          <RulesTable
            rules={rules.filter((rule) => familyOf(rule.kind) === table.family)}
            label={`${table.title} table`}
            definitionColumn={table.definitionColumn}
            countColumn={table.countColumn}
            emptyText={table.emptyText}
            busyId={busyId}
            openId={openId}
            onEdit={setEditing}
            onToggle={(rule) => void toggle(rule)}
            onDelete={setDeleting}
            onEvents={(rule) => setOpenId((current) => (current === rule.id ? null : rule.id))}
          />
        </Card>
      ))}
      {open && (
        <Card
          title={`Events of ${open.tag}`}
          actions={
            <button type="button" className="text-sm text-brand-700 underline underline-offset-2 dark:text-brand-500" onClick={() => setOpenId(null)}>
              Close
            </button>
          }
        >
          <MonitorTimeline key={open.id} rule={open} />
        </Card>
      )}
      <Card title="Live matches">
        <LiveMatches initialMatches={initialMatches} matchPrice={matchPrice} />
      </Card>
      <Card title="Webhook endpoints">
        <EndpointsPanel endpoints={endpoints} onChanged={refresh} />
      </Card>
      <Card title="Deliveries">
        <DeliveriesPanel deliveries={deliveries} status={status} onStatus={setStatus} onChanged={refresh} />
      </Card>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit monitor ${editing?.tag ?? ''}`}>
        {editing && (
          <RuleForm
            rule={editing}
            keys={keys}
            onCancel={() => setEditing(null)}
            onSaved={(tag) => {
              setAnnouncement(`Monitor ${tag} saved`);
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete monitor ${deleting?.tag ?? ''}?`}
        description="It stops at once, and its events are deleted with it. Deliveries already made stay in your endpoints’ logs."
        actionLabel="Delete monitor"
        pendingLabel="Deleting…"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        onDone={() => {
          setAnnouncement(`Monitor ${deleting?.tag ?? ''} deleted`);
          if (deleting?.id === openId) setOpenId(null);
          setDeleting(null);
          refresh();
        }}
      />
    </div>
  );
}
