import type { EmbeddedTweet, Tweet, TweetEntities, TweetMedia, UserSummary } from '@/lib/platform/types';
import { intOrNull, isoTime, textOrNull } from './map-values';
import { tweetUrl } from './tweet-url';
import { toUserSummary, userSummaryJson } from './user-row';

/** The select list of a tweet from platform.tweets `t`, its author `a` and the replied-to user `ru` (see TWEET_JOINS). */
export const TWEET_COLUMNS = `t.id::text AS id, t.text, t.lang, t.created_at, t.conversation_id::text AS conversation_id,
  t.in_reply_to_tweet_id::text AS in_reply_to_tweet_id, t.in_reply_to_user_id::text AS in_reply_to_user_id,
  ru.username AS in_reply_to_username, t.quoted_tweet_id::text AS quoted_tweet_id,
  t.retweeted_tweet_id::text AS retweeted_tweet_id, t.like_count, t.retweet_count, t.reply_count, t.quote_count,
  t.bookmark_count, t.view_count::text AS view_count, t.entities, t.media, t.possibly_sensitive,
  t.community_id::text AS community_id, ${userSummaryJson('a')} AS author`;

/** The joins TWEET_COLUMNS needs, placed right after the FROM item that names `t`. */
export const TWEET_JOINS = `JOIN platform.users a ON a.id = t.author_id
  LEFT JOIN platform.users ru ON ru.id = t.in_reply_to_user_id`;

export type TweetRow = {
  id: string;
  text: string;
  lang: string | null;
  created_at: Date;
  conversation_id: string;
  in_reply_to_tweet_id: string | null;
  in_reply_to_user_id: string | null;
  in_reply_to_username: string | null;
  quoted_tweet_id: string | null;
  retweeted_tweet_id: string | null;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  bookmark_count: number;
  view_count: string | null;
  entities: Partial<Record<keyof TweetEntities, unknown>> | null;
  media: unknown;
  possibly_sensitive: boolean;
  community_id: string | null;
  author: UserSummary;
};

type Json = Record<string, unknown>;

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : [];
}

const int = (value: unknown): number => (typeof value === 'number' ? value : Math.trunc(Number(value ?? 0)) || 0);
const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const optionalText = (value: unknown): string | null => textOrNull(value === null || value === undefined ? null : String(value));

// The stored JSON is written by the generator and by live writes; the record's shape is
// fixed here, whatever keys a row happens to lack. An entry missing what the contract
// requires (a mention without its user's id, media without a url) is left out rather than
// given a made-up value: the real platform only reports mentions of existing accounts too.
function toEntities(stored: TweetRow['entities']): TweetEntities {
  const e = stored ?? {};
  return {
    hashtags: list(e.hashtags)
      .filter((h) => str(h.tag) !== '')
      .map((h) => ({ tag: str(h.tag), start: int(h.start), end: int(h.end) })),
    mentions: list(e.mentions)
      .filter((m) => /^[0-9]{1,19}$/.test(str(m.id)) && str(m.username) !== '')
      .map((m) => ({ id: str(m.id), username: str(m.username), start: int(m.start), end: int(m.end) })),
    urls: list(e.urls)
      .filter((u) => str(u.url) !== '')
      .map((u) => ({
        url: str(u.url),
        expanded_url: str(u.expanded_url ?? u.url),
        display_url: str(u.display_url ?? u.url),
        start: int(u.start),
        end: int(u.end),
      })),
    cashtags: list(e.cashtags)
      .filter((c) => str(c.tag) !== '')
      .map((c) => ({ tag: str(c.tag), start: int(c.start), end: int(c.end) })),
  };
}

function toMedia(stored: unknown): TweetMedia[] {
  return list(stored)
    .filter((m) => str(m.url) !== '')
    .map((m) => ({
      type: m.type === 'video' || m.type === 'animated_gif' ? m.type : 'photo',
      url: str(m.url),
      preview_url: optionalText(m.preview_url),
      width: intOrNull(m.width as number | null),
      height: intOrNull(m.height as number | null),
      duration_ms: intOrNull(m.duration_ms as number | null),
      alt_text: optionalText(m.alt_text),
    }));
}

/** A row as an embedded tweet: the one level a quoted or retweeted tweet is shown at. */
export function toEmbeddedTweet(row: TweetRow): EmbeddedTweet {
  const author = toUserSummary(row.author);
  return {
    id: row.id,
    url: tweetUrl(author.username, row.id),
    text: row.text,
    created_at: isoTime(row.created_at),
    lang: textOrNull(row.lang),
    author,
    author_id: author.id,
    conversation_id: row.conversation_id,
    in_reply_to: row.in_reply_to_tweet_id === null
      ? null
      : { tweet_id: row.in_reply_to_tweet_id, user_id: row.in_reply_to_user_id, username: row.in_reply_to_username },
    is_reply: row.in_reply_to_tweet_id !== null,
    is_retweet: row.retweeted_tweet_id !== null,
    is_quote: row.quoted_tweet_id !== null,
    quoted_tweet: null,
    retweeted_tweet: null,
    like_count: row.like_count,
    retweet_count: row.retweet_count,
    reply_count: row.reply_count,
    quote_count: row.quote_count,
    bookmark_count: row.bookmark_count,
    view_count: intOrNull(row.view_count),
    entities: toEntities(row.entities),
    media: toMedia(row.media),
    possibly_sensitive: row.possibly_sensitive,
    community_id: row.community_id,
  };
}

/** The Tweet record of a row; `refs` holds the quoted and retweeted tweets by id (missing ones, deleted, are null). */
export function toTweet(row: TweetRow, refs: ReadonlyMap<string, EmbeddedTweet>): Tweet {
  // The embedded form is a fresh object of the same fields: its two references are filled in
  // place. A copy by spread (`{ ...embedded, quoted_tweet }`) gave every tweet a hidden class
  // V8 could not reuse, and the API's later `viewer` field then rebuilt that class for every
  // tweet of every page (perf under searchTweets load: map copies in viewTweetAlone).
  const tweet: Tweet = toEmbeddedTweet(row);
  if (row.quoted_tweet_id !== null) tweet.quoted_tweet = refs.get(row.quoted_tweet_id) ?? null;
  if (row.retweeted_tweet_id !== null) tweet.retweeted_tweet = refs.get(row.retweeted_tweet_id) ?? null;
  return tweet;
}
