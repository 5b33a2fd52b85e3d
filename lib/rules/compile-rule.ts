import { parseTweetQuery } from '@/lib/platform/local/parse-tweet-query';
import { evaluate, parseTsQuery, type Lexemes } from './tsquery';

/** What the matcher knows of a new tweet: enough to test every rule without another query. */
export type MatchableTweet = {
  id: string;
  authorId: string;
  /** Lower case, as are the other usernames, tags and the language. */
  authorUsername: string;
  inReplyToUsername: string | null;
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
  kind: 'query' | 'accounts';
  query: string | null;
  text_query: string | null;
  account_ids: string[];
};

export type CompiledRule = { id: string; userId: string; keyId: string; tag: string; test: (tweet: MatchableTweet) => boolean };

// The single-valued fields as sets, made once per tweet rather than once per rule.
const SETS = new WeakMap<MatchableTweet, { author: Set<string>; repliedTo: Set<string>; langs: Set<string> }>();
function singletonSets(tweet: MatchableTweet) {
  let sets = SETS.get(tweet);
  if (!sets) {
    sets = {
      author: new Set([tweet.authorUsername]),
      repliedTo: new Set(tweet.inReplyToUsername === null ? [] : [tweet.inReplyToUsername]),
      langs: new Set(tweet.lang === null ? [] : [tweet.lang]),
    };
    SETS.set(tweet, sets);
  }
  return sets;
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
    return { ...base, test: (tweet) => authors.has(tweet.authorId) };
  }
  const parsed = parseTweetQuery(rule.query ?? '');
  const text = parsed.text === '' || rule.text_query === null ? null : parseTsQuery(rule.text_query);
  // A text part made only of characters full-text search drops matches nothing, as in search.
  const textMatchesNothing = parsed.text !== '' && text === null;
  const { include, exclude, since, until } = parsed;
  return {
    ...base,
    test: (tweet) => {
      if (tweet.isRetweet || textMatchesNothing) return false;
      const { author, repliedTo, langs } = singletonSets(tweet);
      if (!has(include.from, author) || !hasNone(exclude.from, author)) return false;
      if (!has(include.to, repliedTo) || !hasNone(exclude.to, repliedTo)) return false;
      if (!has(include.hashtags, tweet.hashtags) || !hasNone(exclude.hashtags, tweet.hashtags)) return false;
      if (!has(include.mentions, tweet.mentions) || !hasNone(exclude.mentions, tweet.mentions)) return false;
      if (!has(include.langs, langs) || !hasNone(exclude.langs, langs)) return false;
      if (since !== null && tweet.createdDate < since) return false;
      if (until !== null && tweet.createdDate >= until) return false;
      return text === null || evaluate(text, tweet.lexemes);
    },
  };
}
