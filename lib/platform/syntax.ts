// A platform's id and username syntax. Each platform names users and identifies tweets,
// lists and communities its own way (the embedded platform and X: decimal ids and 15-character
// names; Bluesky: handles or DIDs, ids built from AT-URIs). The API validates path, query and
// body values with the syntax of the platform that serves the request, so an id taken from any
// response of that platform goes back into any path or batch unchanged.

/** One kind of value: what it must match, how a valid value is normalised, and the 400's words. */
export type ValueSyntax = {
  pattern: RegExp;
  /** The 400 message when a value does not match, "must be …". */
  message: string;
  /** Canonical form of a valid value (a leading @ dropped, case folded where the platform ignores it). */
  normalize: (value: string) => string;
  /** One line for the OpenAPI document. */
  description: string;
};

export type PlatformSyntax = {
  /** Usernames in paths, queries and batches. */
  username: ValueSyntax;
  /** Tweet, list and community ids in paths. */
  id: ValueSyntax;
  /**
   * A tweet reference in a body (reply, quote, batch): an id, or the platform's web URL of a
   * tweet, turned into the id; null when the value is neither.
   */
  tweetReference: (value: string) => string | null;
  /** How a tweet reference is described in the 400 and the OpenAPI document. */
  tweetReferenceMessage: string;
};

export const LOCAL_USERNAME_PATTERN = /^@?[A-Za-z0-9_]{1,15}$/;
export const LOCAL_ID_PATTERN = /^[0-9]{1,19}$/;
const LOCAL_TWEET_URL = /^https?:\/\/[^\s/]+\/(?:[A-Za-z0-9_]{1,15}|i\/web)\/status(?:es)?\/([0-9]{1,19})(?:[/?#].*)?$/;
/** What a tweet reference of this syntax may be, trimmed: an id or a tweet URL (the OpenAPI document's pattern). */
export const LOCAL_TWEET_REFERENCE_PATTERN = new RegExp(`^(?:[0-9]{1,19}|${LOCAL_TWEET_URL.source.slice(1, -1)})$`);

/** The embedded platform's syntax, which X shares: decimal snowflake ids and 15-character usernames. */
export const LOCAL_SYNTAX: PlatformSyntax = {
  username: {
    pattern: LOCAL_USERNAME_PATTERN,
    message: 'must be 1 to 15 letters, digits or underscores, optionally after @',
    normalize: (value) => value.replace(/^@/, ''),
    description: '1 to 15 letters, digits or underscores, optionally after @; case-insensitive',
  },
  id: {
    pattern: LOCAL_ID_PATTERN,
    message: 'must be a numeric id of 1 to 19 digits',
    normalize: (value) => value,
    description: 'a decimal id of 1 to 19 digits',
  },
  tweetReference: (value) => {
    if (LOCAL_ID_PATTERN.test(value)) return value;
    return LOCAL_TWEET_URL.exec(value)?.[1] ?? null;
  },
  tweetReferenceMessage: 'must be a tweet id or a tweet URL (…/status/<id>)',
};
