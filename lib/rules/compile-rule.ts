import type { PlatformName } from '@/lib/platform/platform';
import { parseRuleQuery } from './parse-rule-query';
import { evaluate, parseTsQuery, type Lexemes } from './tsquery';

/** What the matcher knows of a new tweet: enough to test every rule without another query. */
export type MatchableTweet = {
  id: string;
  authorId: string;
  /** The names a query's from: may use for the author, lower case (as are the other names, tags and the language): the username, and on Bluesky the DID too. */
  authorNames: ReadonlySet<string>;
  /** The same for the author of the tweet replied to (to:); empty for a tweet that is no reply. */
  repliedToNames: ReadonlySet<string>;
  hashtags: ReadonlySet<string>;
  mentions: ReadonlySet<string>;
  lang: string | null;
  /** UTC date YYYY-MM-DD, for since:/until:. */
  createdDate: string;
  isRetweet: boolean;
  lexemes: Lexemes;
};

/** A stored rule as the matcher needs it. */
export type RuleRow = {
  id: string;
  user_id: string;
  key_id: string;
  tag: string;
  kind: 'query' | 'accounts' | 'follows' | 'profile';
  query: string | null;
  text_query: string | null;
  account_ids: string[];
  platform: PlatformName;
};

export type CompiledRule = {
  id: string;
  userId: string;
  keyId: string;
  tag: string;
  test: (tweet: MatchableTweet) => boolean;
  /**
   * False when the tweet cannot match whatever its users' handles are: a stream's post is
   * tested with this before its authors' profiles are looked up (only a rule naming users by
   * handle, in from: or to:, differs from `test`).
   */
  mightMatch: (tweet: MatchableTweet) => boolean;
};

// The language as a set, made once per tweet rather than once per rule.
const LANGS = new WeakMap<MatchableTweet, Set<string>>();
function langSet(tweet: MatchableTweet) {
  let langs = LANGS.get(tweet);
  if (!langs) {
    langs = new Set(tweet.lang === null ? [] : [tweet.lang]);
    LANGS.set(tweet, langs);
  }
  return langs;
}

const has = (values: readonly string[], set: ReadonlySet<string>) => values.every((value) => set.has(value));
const hasNone = (values: readonly string[], set: ReadonlySet<string>) => values.every((value) => !set.has(value));

/**
 * Turns a rule into a predicate over a tweet. A query rule means what POST /v2/search means
 * for the same query (same parser, same full-text semantics, retweets left out as search's
 * default); an account rule matches everything its accounts post: tweets, replies, quotes, retweets.
 */
export function compileRule(rule: RuleRow): CompiledRule {
  const base = { id: rule.id, userId: rule.user_id, keyId: rule.key_id, tag: rule.tag };
  if (rule.kind === 'accounts') {
    const authors = new Set(rule.account_ids);
    const test = (tweet: MatchableTweet) => authors.has(tweet.authorId);
    return { ...base, test, mightMatch: test };
  }
  const parsed = parseRuleQuery(rule.query ?? '', rule.platform, { stored: true });
  const text = parsed.text === '' || rule.text_query === null ? null : parseTsQuery(rule.text_query);
  // A text part made only of characters full-text search drops matches nothing, as in search.
  const textMatchesNothing = parsed.text !== '' && text === null;
  const { include, exclude, since, until } = parsed;
  const namesHandles = [include.from, include.to, exclude.from, exclude.to].some((names) => names.some((name) => !name.startsWith('did:')));
  // Everything but the users: what a tweet whose authors are known by DID only can be tested for.
  const passesAllButUsers = (tweet: MatchableTweet) => {
    if (tweet.isRetweet || textMatchesNothing) return false;
    const langs = langSet(tweet);
    if (!has(include.hashtags, tweet.hashtags) || !hasNone(exclude.hashtags, tweet.hashtags)) return false;
    if (!has(include.mentions, tweet.mentions) || !hasNone(exclude.mentions, tweet.mentions)) return false;
    if (!has(include.langs, langs) || !hasNone(exclude.langs, langs)) return false;
    if (since !== null && tweet.createdDate < since) return false;
    if (until !== null && tweet.createdDate >= until) return false;
    return text === null || evaluate(text, tweet.lexemes);
  };
  const test = (tweet: MatchableTweet) => {
    if (!has(include.from, tweet.authorNames) || !hasNone(exclude.from, tweet.authorNames)) return false;
    if (!has(include.to, tweet.repliedToNames) || !hasNone(exclude.to, tweet.repliedToNames)) return false;
    return passesAllButUsers(tweet);
  };
  return { ...base, test, mightMatch: namesHandles ? passesAllButUsers : test };
}
