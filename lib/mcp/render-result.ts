// The short text an agent (and the person reading along) sees of a tool's result: a line or two
// per tweet or user, not a JSON dump; the whole data is in structuredContent. Then a line with
// the credits charged and left and, when there is a next page, the cursor to pass back.

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
// 12,345: toLocaleString was a visible share of a tool call's CPU.
const number = (value: unknown) => (typeof value === 'number' ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : '?');
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function isTweet(row: Row): boolean {
  return typeof row.text === 'string' && isRow(row.author) && 'like_count' in row;
}

function isUser(row: Row): boolean {
  return typeof row.username === 'string' && 'followers_count' in row && !('text' in row);
}

function tweetLine(tweet: Row): string {
  const author = tweet.author as Row;
  const counts = [`${number(tweet.like_count)} likes`, `${number(tweet.retweet_count)} retweets`, `${number(tweet.reply_count)} replies`];
  const kind = tweet.is_retweet ? ' (retweet)' : tweet.is_reply ? ' (reply)' : tweet.is_quote ? ' (quote)' : '';
  return `@${author.username} (${author.name})${kind}: ${oneLine(String(tweet.text), 280)} — ${counts.join(' · ')} · ${tweet.created_at} · id ${tweet.id}`;
}

function userLine(user: Row): string {
  const followers = user.followers_count === null ? '' : ` — ${number(user.followers_count)} followers`;
  const following = typeof user.following_count === 'number' ? ` · ${number(user.following_count)} following` : '';
  const verified = user.is_blue_verified || user.verified ? ' ✓' : '';
  const bio = typeof user.description === 'string' && user.description ? `\n  ${oneLine(user.description, 160)}` : '';
  return `@${user.username} (${user.name})${verified}${followers}${following} · id ${user.id}${bio}`;
}

function trendLine(trend: Row): string {
  const volume = typeof trend.tweet_count === 'number' ? ` (${number(trend.tweet_count)} tweets)` : '';
  return `#${trend.rank} ${trend.name}${volume}`;
}

/** A record that is neither a tweet nor a user: its plain fields, on one line. */
function fieldsLine(row: Row): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (value === null || typeof value === 'object') continue;
    parts.push(`${name}: ${oneLine(String(value), 120)}`);
    if (parts.length === 10) break;
  }
  return parts.join(' · ') || JSON.stringify(row).slice(0, 300);
}

function itemLine(item: unknown): string {
  if (!isRow(item)) return String(item);
  if (isTweet(item)) return tweetLine(item);
  if (isUser(item)) return userLine(item);
  if (typeof item.rank === 'number' && typeof item.name === 'string') return trendLine(item);
  return fieldsLine(item);
}

/** The data as a few lines per record. */
export function renderData(data: unknown): string {
  if (Array.isArray(data)) return data.length === 0 ? 'No results.' : data.map((item) => `- ${itemLine(item)}`).join('\n');
  if (!isRow(data)) return String(data);
  // A record holding a list (trending's trends, a batch's items): its own fields, then the list.
  const list = Object.entries(data).find(([, value]) => Array.isArray(value) && value.length > 0 && isRow(value[0]));
  if (list && !isTweet(data) && !isUser(data)) return `${fieldsLine(data)}\n${renderData(list[1])}`;
  return itemLine(data);
}

/** The line an agent pages and budgets with. */
export function renderMeta(meta: Record<string, unknown>): string {
  const credits = `Charged ${number(meta.credits_charged ?? 0)} credits; ${number(meta.credits_remaining)} remaining.`;
  const next = typeof meta.next_cursor === 'string' ? ` More results: call again with cursor "${meta.next_cursor}".` : '';
  return `${credits}${next}`;
}
