'use client';

import { useState, type FormEvent } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import { ROUTABLE_EVENTS } from '@/lib/delivery/event-data';
import { ENDPOINT_KIND_LABELS, ENDPOINT_KINDS, type EndpointKind } from '@/lib/delivery/targets/endpoint-kinds';

export type EndpointWithSecret = { id: string; type: EndpointKind; url: string; secret: string };

/** What each event is called next to its checkbox. */
const EVENT_LABELS: Record<(typeof ROUTABLE_EVENTS)[number], string> = {
  'rule.match': 'Rule matches',
  'follow.added': 'New followers',
  'follow.removed': 'Unfollows',
  'profile.updated': 'Profile changes',
  'profile.unavailable': 'Profile unavailable',
  'profile.available': 'Profile back',
  'account.balance_low': 'Low balance',
  'budget.threshold': 'Budget alerts',
  'export.completed': 'Export completed',
  'export.failed': 'Export failed',
};

const URL_HINTS: Record<Exclude<EndpointKind, 'email'>, { placeholder: string; hint: string }> = {
  webhook: { placeholder: 'https://example.com/hooks/perch', hint: 'HTTPS to a public host (private and loopback addresses are refused). Each event is a signed JSON POST.' },
  slack: { placeholder: 'https://hooks.slack.com/services/…', hint: 'The channel’s incoming-webhook URL. Each event is a readable message with links.' },
  discord: { placeholder: 'https://discord.com/api/webhooks/…', hint: 'The channel’s webhook URL (Server settings → Integrations). Each event is a readable message with links.' },
};

/** Registers an endpoint of any kind (POST /v2/webhooks) with the events routed to it; a webhook's answer carries its secret, shown once by the caller. */
export function EndpointForm({ onCreated }: { onCreated: (endpoint: EndpointWithSecret) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [kind, setKind] = useState<EndpointKind>('webhook');
  const [events, setEvents] = useState<Set<string>>(() => new Set(ROUTABLE_EVENTS));

  function toggle(name: string, on: boolean) {
    setEvents((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const description = String(form.get('description') ?? '').trim();
    const body: Record<string, unknown> = { type: kind };
    if (kind === 'email') {
      const email = String(form.get('email') ?? '').trim();
      if (email === '') return setError('Give the address the digests should go to.');
      body.email = email;
      const minutes = String(form.get('digest_minutes') ?? '').trim();
      if (minutes !== '') body.digest_minutes = Number(minutes);
    } else {
      const url = String(form.get('url') ?? '').trim();
      if (url === '') return setError(kind === 'webhook' ? 'Give the URL Perch should POST events to.' : `Give the ${ENDPOINT_KIND_LABELS[kind]} webhook URL.`);
      body.url = url;
    }
    if (events.size === 0) return setError('Choose at least one event to send.');
    // Every box ticked: every event, including kinds added later.
    if (events.size < ROUTABLE_EVENTS.length) body.events = ROUTABLE_EVENTS.filter((name) => events.has(name));
    if (description) body.description = description;
    setPending(true);
    const answer = await callV2<EndpointWithSecret>('POST', 'webhooks', { body });
    setPending(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    formElement.reset();
    setEvents(new Set(ROUTABLE_EVENTS));
    onCreated(answer.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add an endpoint" className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="endpoint-kind" className="text-sm font-medium">
            Endpoint type
          </label>
          <select id="endpoint-kind" name="type" value={kind} onChange={(e) => setKind(e.target.value as EndpointKind)} className={INPUT_CLASSES}>
            {ENDPOINT_KINDS.map((value) => (
              <option key={value} value={value}>
                {ENDPOINT_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'email' ? (
          <>
            <TextField label="Email address" name="email" type="email" maxLength={254} placeholder="alerts@example.com" hint="Events are mailed as a digest." />
            <TextField
              label="Digest every (minutes)"
              name="digest_minutes"
              type="number"
              min={0}
              max={1440}
              placeholder="15"
              hint="At most one mail per this many minutes; 0 mails events as they come."
            />
          </>
        ) : (
          <TextField key={kind} label={kind === 'webhook' ? 'Endpoint URL' : `${ENDPOINT_KIND_LABELS[kind]} webhook URL`} name="url" type="url" maxLength={2048} {...URL_HINTS[kind]} />
        )}
        <TextField label="Description (optional)" name="description" maxLength={200} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Events to send</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {ROUTABLE_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-1.5">
              <input type="checkbox" name="events" value={name} checked={events.has(name)} onChange={(e) => toggle(name, e.target.checked)} />
              {EVENT_LABELS[name]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
