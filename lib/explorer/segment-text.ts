import type { Tweet } from '@perch/client';

/** A run of a tweet's text: plain, or an entity to turn into a link. */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'cashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'url'; text: string; href: string };

type Span = { start: number; end: number; segment: (text: string) => TextSegment };

const SAFE_SCHEME = /^https?:\/\//i;

/**
 * Splits a tweet's text at its entities. Offsets are in code points (contract section 5), so
 * the text is indexed as an array of code points; spans that overlap an earlier one or fall
 * outside the text are left as plain text rather than trusted.
 */
export function segmentText(text: string, entities: Tweet['entities']): TextSegment[] {
  const chars = Array.from(text);
  const spans: Span[] = [
    ...entities.hashtags.map((h) => ({ start: h.start, end: h.end, segment: (t: string): TextSegment => ({ kind: 'hashtag', text: t, tag: h.tag }) })),
    ...entities.cashtags.map((c) => ({ start: c.start, end: c.end, segment: (t: string): TextSegment => ({ kind: 'cashtag', text: t, tag: c.tag }) })),
    ...entities.mentions.map((m) => ({ start: m.start, end: m.end, segment: (t: string): TextSegment => ({ kind: 'mention', text: t, username: m.username }) })),
    // Only http(s) links become anchors: a javascript: URL in data must never be clickable.
    ...entities.urls
      .filter((u) => SAFE_SCHEME.test(u.expanded_url))
      .map((u) => ({ start: u.start, end: u.end, segment: (): TextSegment => ({ kind: 'url', text: u.display_url || u.expanded_url, href: u.expanded_url }) })),
  ].sort((a, b) => a.start - b.start);

  const out: TextSegment[] = [];
  let position = 0;
  const pushText = (to: number) => {
    if (to <= position) return;
    const piece = chars.slice(position, to).join('');
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else out.push({ kind: 'text', text: piece });
  };
  for (const span of spans) {
    if (span.start < position || span.end > chars.length || span.end <= span.start) continue;
    pushText(span.start);
    out.push(span.segment(chars.slice(span.start, span.end).join('')));
    position = span.end;
  }
  pushText(chars.length);
  return out;
}
