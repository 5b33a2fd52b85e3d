import type { TypedEvent } from '../event-data';
import { readableEvent, type Piece } from './readable-event';

// A Slack incoming-webhook message (https://api.slack.com/messaging/webhooks): `text` is the
// notification and fallback line, `blocks` what the channel shows: the headline, the tweet quoted,
// further lines and the link, in mrkdwn, then a context line naming the event.

export type SlackMessage = {
  text: string;
  blocks: Array<{ type: 'section'; text: { type: 'mrkdwn'; text: string } } | { type: 'context'; elements: Array<{ type: 'mrkdwn'; text: string }> }>;
  unfurl_links: false;
};

/** Slack's three control characters: text can then never form a link, a mention or <!channel>. */
export const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function mrkdwn(piece: Piece): string {
  const text = slackEscape(piece.text);
  const shown = piece.bold ? `*${text}*` : text;
  // A link's own | or > would end it early: percent-encoded, the address stays the same.
  return piece.url ? `<${slackEscape(piece.url.replaceAll('|', '%7C'))}|${shown}>` : shown;
}
const run = (pieces: Piece[]) => pieces.map(mrkdwn).join('');

export function slackMessage(event: TypedEvent): SlackMessage {
  const message = readableEvent(event);
  const body = [
    run(message.headline),
    ...(message.quote === null ? [] : message.quote.split('\n').map((line) => `>${slackEscape(line)}`)),
    ...message.lines.map(run),
    ...(message.link ? [mrkdwn({ text: message.link.label, url: message.link.url })] : []),
  ].join('\n');
  return {
    text: run(message.headline),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: body } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `Perch · ${event.event} · ${event.created_at}` }] },
    ],
    unfurl_links: false,
  };
}
