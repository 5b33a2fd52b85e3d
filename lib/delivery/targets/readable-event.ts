import type { EventUser, TypedEvent } from '../event-data';

// What an event says, in words, before any target's markup: a headline, a quoted text (a tweet's)
// and further lines, each a run of pieces that may link somewhere. Slack, Discord and email render
// the same message (slack-message.ts, discord-message.ts, email-digest.ts), so the three read alike.

/** A run of text; a link when url is set; bold for names the reader looks for. */
export type Piece = { text: string; url?: string | null; bold?: boolean };
export type ReadableEvent = { headline: Piece[]; quote: string | null; lines: Piece[][]; link: { label: string; url: string } | null };

// A tweet is shown up to this many characters: a message stays a message.
const QUOTE_CHARS = 500;

const number = (value: number) => value.toLocaleString('en-US');
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const clip = (text: string) => (text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text);

/** A user's page, from one of their tweets' links: …/<username>/status/<id> (X, embedded) or bsky.app/profile/<handle>/post/<rkey>. */
export function profileUrlFromTweetUrl(tweetUrl: string): string | null {
  const match = /^(https?:\/\/[^/]+\/(?:profile\/)?[^/]+)\/(?:status|post)\/[^/]+$/u.exec(tweetUrl);
  return match ? match[1] : null;
}

const user = (who: EventUser): Piece => ({ text: `@${who.username}`, url: who.profile_url, bold: true });

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return `"${String(value)}"`;
};

/** The words of one event. Every event name has its own; none falls back to JSON. */
export function readableEvent(event: TypedEvent): ReadableEvent {
  const message = (headline: Piece[], lines: Piece[][] = [], quote: string | null = null, link: ReadableEvent['link'] = null): ReadableEvent => ({ headline, quote, lines, link });
  switch (event.event) {
    case 'rule.match': {
      const tag = event.match?.rule.tag ?? '';
      const tweet = event.tweet;
      if (!tweet) return message([{ text: 'Rule ' }, { text: tag, bold: true }, { text: ' matched a tweet' }]);
      const author = { text: `@${tweet.author.username}`, url: profileUrlFromTweetUrl(tweet.url), bold: true };
      return message([{ text: 'Rule ' }, { text: tag, bold: true }, { text: ' matched a tweet by ' }, author], [], clip(tweet.text), { label: 'Open the tweet', url: tweet.url });
    }
    case 'test':
      return message([{ text: 'Test event from Perch: this endpoint receives your events.' }]);
    case 'account.balance_low':
      return message([
        { text: 'Your Perch balance is low: ' },
        { text: `${number(event.data.balance)} credits`, bold: true },
        { text: ` left (alert threshold ${number(event.data.threshold)}).` },
      ]);
    case 'budget.threshold': {
      const data = event.data;
      const whose = data.scope === 'workspace' ? 'The workspace’s' : `Key ${data.key_id ?? ''}’s`;
      return message([
        { text: `${whose} ${data.period === 'day' ? 'daily' : 'monthly'} budget is ` },
        { text: `${data.percent}% spent`, bold: true },
        { text: `: ${number(data.spent)} of ${number(data.budget)} credits (resets ${utc(data.resets_at)}).` },
      ]);
    }
    case 'export.completed': {
      const job = event.data.export;
      return message([{ text: 'Export ' }, { text: job.id, bold: true }, { text: ` (${job.operation}) completed: ${number(job.items)} items, ${number(job.credits_charged)} credits.` }]);
    }
    case 'export.failed': {
      const job = event.data.export;
      return message([{ text: 'Export ' }, { text: job.id, bold: true }, { text: ` (${job.operation}) failed: ${job.error?.message || job.error?.code || 'the source refused it'}.` }]);
    }
    case 'follow.added':
    case 'follow.removed':
      return message([user(event.data.follower), { text: event.event === 'follow.added' ? ' followed ' : ' unfollowed ' }, user(event.data.followed)]);
    case 'profile.updated':
      return message(
        [user(event.data.user), { text: ` changed ${event.data.changes.length === 1 ? 'a profile field' : `${event.data.changes.length} profile fields`}` }],
        event.data.changes.map((change) => [{ text: change.field.replaceAll('_', ' '), bold: true }, { text: `: ${show(change.old)} → ${show(change.new)}` }]),
      );
    case 'profile.unavailable':
      return message([user(event.data.user), { text: ` is unavailable (${event.data.reason === 'protected' ? 'turned protected' : event.data.reason}).` }]);
    case 'profile.available':
      return message([user(event.data.user), { text: ' is available again.' }]);
  }
}

/** The whole message as plain text (links as "text (url)" where they add something): for email and notifications. */
export function plainText(message: ReadableEvent): string {
  const run = (pieces: Piece[]) => pieces.map((piece) => piece.text).join('');
  return [
    run(message.headline),
    ...(message.quote === null ? [] : message.quote.split('\n').map((line) => `> ${line}`)),
    ...message.lines.map(run),
    ...(message.link ? [`${message.link.label}: ${message.link.url}`] : []),
  ].join('\n');
}
