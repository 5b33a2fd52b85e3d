import type { Mail } from '@/lib/mail/send-mail';
import type { TypedEvent } from '../event-data';
import { plainText, readableEvent } from './readable-event';

// An email endpoint's mail: every event it covers, oldest first, each as the same readable lines
// Slack and Discord show, in plain text (the outbox keeps plain text; links are written out).

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/**
 * The digest of `events` for `to`: one mail whatever their number. `since` is when the previous
 * digest was queued (null: the first). A test event (sent on request) is a mail of its own.
 */
export function emailDigest(to: string, events: TypedEvent[], since: Date | null): Mail {
  const test = events.length === 1 && events[0].event === 'test';
  const subject = test ? 'Perch: test event' : `Perch: ${events.length === 1 ? '1 event' : `${events.length} events`}`;
  const intro = test
    ? 'This address receives your Perch events as a digest.'
    : `${events.length === 1 ? 'One event' : `${events.length} events`} ${since ? `since ${utc(since.toISOString())}` : 'so far'}:`;
  const entries = events.map((event) => `— ${utc(event.created_at)} · ${event.event}\n${plainText(readableEvent(event))}`);
  const footer = 'You receive this because an email endpoint of your Perch workspace sends here. Change or delete it on the Rules page of the dashboard.';
  return { to, subject, text: [intro, ...entries, footer].join('\n\n') };
}
