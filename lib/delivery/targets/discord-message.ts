import type { TypedEvent } from '../event-data';
import { readableEvent, type Piece } from './readable-event';

// A Discord webhook message (https://discord.com/developers/docs/resources/webhook#execute-webhook):
// `content` is the headline, one embed (when there is more to say) carries the quoted tweet, further lines and the link, with
// the event's name and time. Mentions are all off: a tweet's "@everyone" pings nobody.

export type DiscordMessage = {
  content: string;
  embeds: Array<{ description: string; url?: string; footer: { text: string }; timestamp: string }>;
  allowed_mentions: { parse: [] };
};

/** Markdown's characters, escaped: text shows as written and never forms a link or a heading. */
export const discordEscape = (text: string) => text.replace(/[\\*_~`|<>[\]#]/gu, (c) => `\\${c}`);

function markdown(piece: Piece): string {
  const text = discordEscape(piece.text);
  const shown = piece.bold ? `**${text}**` : text;
  // <…> around the address: the link stays a link without Discord adding a preview of its own.
  return piece.url ? `[${shown}](<${piece.url.replaceAll('>', '%3E')}>)` : shown;
}
const run = (pieces: Piece[]) => pieces.map(markdown).join('');

export function discordMessage(event: TypedEvent): DiscordMessage {
  const message = readableEvent(event);
  const details = [
    ...(message.quote === null ? [] : message.quote.split('\n').map((line) => `> ${discordEscape(line)}`)),
    ...message.lines.map(run),
    ...(message.link ? [markdown({ text: message.link.label, url: message.link.url })] : []),
  ];
  return {
    content: run(message.headline),
    // A one-line event is its content alone; anything more goes in one embed.
    embeds:
      details.length === 0
        ? []
        : [{ description: details.join('\n'), ...(message.link ? { url: message.link.url } : {}), footer: { text: `Perch · ${event.event}` }, timestamp: event.created_at }],
    allowed_mentions: { parse: [] },
  };
}
