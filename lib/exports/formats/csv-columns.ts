import type { ExportRecordKind } from '../record-kind';

// The CSV export's columns, per record kind: the stable, documented flattening of the /v2 records
// (lib/platform/records.ts). docs/exports-csv.md lists them; tests/unit/exports-csv-writer.test.ts
// walks the record schemas and fails when a field is in no column and not in DROPPED_*, so a field
// added to a record later cannot vanish from CSV files unnoticed. Adding a column is fine;
// renaming, removing or reordering one breaks the files people already load, so don't.

/** One cell before CSV encoding: null is an empty cell, booleans are written true/false. */
export type CsvCell = string | number | boolean | null;

/** One CSV column: its header, what it holds, the record fields it carries, and how to read its cell. */
export type CsvColumn = {
  readonly name: string;
  readonly doc: string;
  /** Record-schema paths this column carries, array elements as `entities.hashtags[].tag`. */
  readonly fields: readonly string[];
  readonly cell: (record: unknown) => CsvCell;
};

/**
 * Joins the items of list cells (hashtags, mention usernames, URLs, ids). A space, not `;` or `,`:
 * tags, usernames and ids never contain one and URLs must percent-encode it, while `;` is legal
 * inside a URL; so the split is never ambiguous.
 */
export const LIST_SEPARATOR = ' ';

function valueAt(record: unknown, path: string): unknown {
  let value = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function asCell(value: unknown): CsvCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  // A scalar column met an object or array: the record drifted from its schema. Writing the JSON
  // keeps the data (and shows the drift) where String() would write "[object Object]".
  return JSON.stringify(value);
}

/** A column holding the scalar at a dotted path, named after it. */
function field(path: string, doc: string): CsvColumn {
  return { name: path, doc, fields: [path], cell: (record) => asCell(valueAt(record, path)) };
}

/** A column joining one key of each item of the array at `path` (or the items themselves) with LIST_SEPARATOR. */
function list(name: string, path: string, key: string | null, doc: string): CsvColumn {
  return {
    name,
    doc,
    fields: [key === null ? `${path}[]` : `${path}[].${key}`],
    cell: (record) => {
      const items = valueAt(record, path);
      if (!Array.isArray(items)) return null;
      return items.map((item) => String(key === null ? item : ((item as Record<string, unknown> | null)?.[key] ?? ''))).join(LIST_SEPARATOR);
    },
  };
}

/** The same columns for the object at `prefix` (an embedded tweet): names and fields prefixed, empty when it is null. */
function nested(prefix: string, columns: readonly CsvColumn[], what: string): CsvColumn[] {
  return columns.map((column) => ({
    name: `${prefix}.${column.name}`,
    doc: `${what}: ${column.doc}`,
    fields: column.fields.map((path) => `${prefix}.${path}`),
    cell: (record) => {
      const inner = valueAt(record, prefix);
      return inner === null || typeof inner !== 'object' ? null : column.cell(inner);
    },
  }));
}

/** The columns of one tweet's own fields; a tweet row repeats them for its quoted and retweeted tweet. */
const TWEET_FIELD_COLUMNS: readonly CsvColumn[] = [
  field('id', 'the tweet id'),
  field('url', 'link to the tweet on its platform'),
  field('text', 'the full text'),
  field('created_at', 'ISO-8601 UTC time it was posted'),
  field('lang', 'language code; empty when unknown'),
  field('author.id', 'author user id'),
  field('author.username', 'author handle, without @'),
  field('author.name', 'author display name; empty where the account has none'),
  field('author.profile_image_url', 'author avatar URL'),
  field('author.is_blue_verified', 'true when the author has a paid check mark'),
  field('author.verified_type', 'none, blue, business or government'),
  field('author.followers_count', 'author follower count; empty where the platform does not give it with a post'),
  field('author_id', 'author user id (same as author.id)'),
  field('conversation_id', 'id of the thread’s first tweet'),
  field('in_reply_to.tweet_id', 'id of the tweet replied to; empty when not a reply'),
  field('in_reply_to.user_id', 'id of the user replied to'),
  field('in_reply_to.username', 'handle of the user replied to'),
  field('is_reply', 'true when it replies to another tweet'),
  field('is_retweet', 'true when it is a retweet (see the retweeted_tweet.* columns)'),
  field('is_quote', 'true when it quotes a tweet (see the quoted_tweet.* columns)'),
  field('like_count', 'likes; empty where the platform does not give it'),
  field('retweet_count', 'retweets; empty where the platform does not give it'),
  field('reply_count', 'replies; empty where the platform does not give it'),
  field('quote_count', 'quotes; empty where the platform does not give it'),
  field('bookmark_count', 'bookmarks; empty where the platform does not give it'),
  field('view_count', 'views; empty where the platform does not count them'),
  list('entities.hashtags', 'entities.hashtags', 'tag', 'hashtags without #, space-separated'),
  list('entities.cashtags', 'entities.cashtags', 'tag', 'cashtags without $, space-separated'),
  list('entities.mentions', 'entities.mentions', 'username', 'mentioned handles without @, space-separated'),
  list('entities.mention_ids', 'entities.mentions', 'id', 'user ids of the mentions, in the same order'),
  list('entities.urls', 'entities.urls', 'expanded_url', 'linked URLs, expanded, space-separated'),
  list('media.urls', 'media', 'url', 'attached media URLs, space-separated'),
  list('media.types', 'media', 'type', 'photo, video or animated_gif for each media URL, in the same order'),
  field('possibly_sensitive', 'true when marked sensitive'),
  field('community_id', 'community the tweet was posted in; empty when none'),
  field('viewer.liked', 'true when your connected account liked it; empty without a connected account'),
  field('viewer.retweeted', 'true when your connected account retweeted it; empty without a connected account'),
];

/** Tweet fields deliberately not in any column (the JSONL export keeps them), with why. */
const DROPPED_TWEET_FIELDS: Readonly<Record<string, string>> = {
  'entities.hashtags[].start': 'character offsets into text',
  'entities.hashtags[].end': 'character offsets into text',
  'entities.cashtags[].start': 'character offsets into text',
  'entities.cashtags[].end': 'character offsets into text',
  'entities.mentions[].start': 'character offsets into text',
  'entities.mentions[].end': 'character offsets into text',
  'entities.urls[].start': 'character offsets into text',
  'entities.urls[].end': 'character offsets into text',
  'entities.urls[].url': 'the shortened link as written in text; entities.urls has where it leads',
  'entities.urls[].display_url': 'the shortened display form of the expanded URL',
  'media[].preview_url': 'per-item details that a joined list cannot line up when some are missing',
  'media[].width': 'per-item details that a joined list cannot line up when some are missing',
  'media[].height': 'per-item details that a joined list cannot line up when some are missing',
  'media[].duration_ms': 'per-item details that a joined list cannot line up when some are missing',
  'media[].alt_text': 'free text that a joined list cannot hold unambiguously',
};

const EMBEDDED = [
  ['quoted_tweet', 'the quoted tweet'],
  ['retweeted_tweet', 'the retweeted tweet'],
] as const;

/** A tweet row: the tweet's columns, then the same for its quoted tweet and its retweeted tweet. */
export const TWEET_COLUMNS: readonly CsvColumn[] = [...TWEET_FIELD_COLUMNS, ...EMBEDDED.flatMap(([prefix, what]) => nested(prefix, TWEET_FIELD_COLUMNS, what))];

/** Every tweet-record field that no column carries, with why. */
export const DROPPED_TWEET_RECORD_FIELDS: Readonly<Record<string, string>> = {
  ...DROPPED_TWEET_FIELDS,
  ...Object.fromEntries(
    EMBEDDED.flatMap(([prefix]) => [
      ...Object.entries(DROPPED_TWEET_FIELDS).map(([path, why]) => [`${prefix}.${path}`, why]),
      [`${prefix}.quoted_tweet`, 'always null: an embedded tweet is one level deep'],
      [`${prefix}.retweeted_tweet`, 'always null: an embedded tweet is one level deep'],
    ]),
  ),
};

/** A user row. */
export const USER_COLUMNS: readonly CsvColumn[] = [
  field('id', 'the user id'),
  field('username', 'handle, without @'),
  field('name', 'display name; empty where the account has none'),
  field('description', 'profile bio'),
  field('location', 'profile location'),
  field('url', 'website on the profile'),
  field('profile_image_url', 'avatar URL'),
  field('profile_banner_url', 'banner URL'),
  field('created_at', 'ISO-8601 UTC time the account was created; empty where the platform does not say'),
  field('followers_count', 'followers; empty where the platform does not give it'),
  field('following_count', 'accounts it follows; empty where the platform does not give it'),
  field('tweet_count', 'tweets posted; empty where the platform does not give it'),
  field('like_count', 'likes given; empty where the platform does not count them'),
  field('media_count', 'media posted; empty where the platform does not count them'),
  field('listed_count', 'lists it is on; empty where the platform does not count them'),
  field('verified', 'true when the platform marks it verified'),
  field('is_blue_verified', 'true when it has a paid check mark'),
  field('verified_type', 'none, blue, business or government'),
  field('protected', 'true when its tweets are protected'),
  list('pinned_tweet_ids', 'pinned_tweet_ids', null, 'ids of pinned tweets, space-separated'),
  field('viewer.following', 'true when your connected account follows it; empty without a connected account'),
  field('viewer.followed_by', 'true when it follows your connected account; empty without a connected account'),
];

/** Every user-record field that no column carries (none). */
export const DROPPED_USER_RECORD_FIELDS: Readonly<Record<string, string>> = {};

/** A follower-id row: the bare id string. */
export const ID_COLUMNS: readonly CsvColumn[] = [
  {
    name: 'id',
    doc: 'the user id',
    fields: [''],
    cell: (record) => {
      if (typeof record !== 'string') throw new Error(`an id export record must be a string id, got ${typeof record}`);
      return record;
    },
  },
];

/** The columns of a CSV export of records of a kind, in file order. */
export function csvColumns(kind: ExportRecordKind): readonly CsvColumn[] {
  if (kind === 'tweet') return TWEET_COLUMNS;
  if (kind === 'user') return USER_COLUMNS;
  return ID_COLUMNS;
}
