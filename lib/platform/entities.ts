/** Entities of a tweet's text, with offsets in code points as the contract's records carry them. */
export type Entities = {
  hashtags: Array<{ tag: string; start: number; end: number }>;
  mentions: Array<{ username: string; start: number; end: number }>;
  urls: Array<{ url: string; expanded_url: string; display_url: string; start: number; end: number }>;
  cashtags: Array<{ tag: string; start: number; end: number }>;
};

// A tag or mention must not continue a word ("foo#bar" and "a@b.com" are not entities).
const HASHTAG = /(?<![\p{L}\p{N}_&#])[#＃]([\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*)/gu;
const MENTION = /(?<![\p{L}\p{N}_@])[@＠]([A-Za-z0-9_]{1,15})(?![A-Za-z0-9_@])/gu;
const CASHTAG = /(?<![\p{L}\p{N}_$])\$([A-Za-z]{1,6}(?:[._][A-Za-z]{1,2})?)(?![\p{L}\p{N}_])/gu;
const URL = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/gu;

/** Converts a UTF-16 index into a code-point index (what clients count as characters). */
function codePointIndex(text: string, utf16Index: number): number {
  return Array.from(text.slice(0, utf16Index)).length;
}

function displayUrl(url: string): string {
  const withoutScheme = url.replace(/^https?:\/\/(www\.)?/, '');
  return withoutScheme.length > 26 ? `${withoutScheme.slice(0, 25)}…` : withoutScheme;
}

/** Finds hashtags, mentions, urls and cashtags in a tweet's text. */
export function extractEntities(text: string): Entities {
  const span = (match: RegExpMatchArray) => {
    const start = codePointIndex(text, match.index!);
    return { start, end: start + Array.from(match[0]).length };
  };
  const urls = [...text.matchAll(URL)].map((m) => ({ url: m[0], expanded_url: m[0], display_url: displayUrl(m[0]), ...span(m) }));
  // Fragments of a url ("…/page#section") are not tags or mentions.
  const insideUrl = (m: RegExpMatchArray) => {
    const { start } = span(m);
    return urls.some((u) => start >= u.start && start < u.end);
  };
  return {
    hashtags: [...text.matchAll(HASHTAG)].filter((m) => !insideUrl(m)).map((m) => ({ tag: m[1], ...span(m) })),
    mentions: [...text.matchAll(MENTION)].filter((m) => !insideUrl(m)).map((m) => ({ username: m[1], ...span(m) })),
    urls,
    cashtags: [...text.matchAll(CASHTAG)].filter((m) => !insideUrl(m)).map((m) => ({ tag: m[1], ...span(m) })),
  };
}

/** The length of a tweet as the 280-character limit counts it: in code points. */
export function tweetLength(text: string): number {
  return Array.from(text.normalize('NFC')).length;
}
