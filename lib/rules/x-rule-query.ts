import { InvalidInputError } from '@/lib/platform/errors';
import { parseTweetQuery, type OperatorSet } from '@/lib/platform/local/parse-tweet-query';

// A rule's query as X's recent search understands it. X reads the same words, "phrases",
// -negation, OR, from:, to:, #tag, @user and lang:, but its OR joins whole operator runs
// (`from:a cats OR dogs` is `(from:a cats) OR dogs` on X), so the full-text part goes in
// parentheses and the operators, which Perch ANDs with all of it, follow. since:/until: are
// dates on a tweet's creation, which Perch checks on each result (X's start_time/end_time are
// the poll's own bounds). Retweets are left out, as in Perch's search.

/** X's query limit on recent search (Basic and Pro access). */
export const X_QUERY_LIMIT = 512;

/** What a query rule asks X for, and the dates Perch checks itself. */
export type XRuleQuery = { query: string; since: string | null; until: string | null };

// A word X would read as one of its own operators (has:, is:, url:, …) is searched as written.
const quoteIfOperator = (term: string) => (/^-?[^"\s]*:/.test(term) ? `${term.startsWith('-') ? '-' : ''}"${term.replace(/^-/, '')}"` : term);

function operators(set: OperatorSet, sign: '' | '-'): string[] {
  return [
    ...set.from.map((name) => `${sign}from:${name}`),
    ...set.to.map((name) => `${sign}to:${name}`),
    ...set.hashtags.map((tag) => `${sign}#${tag}`),
    ...set.mentions.map((name) => `${sign}@${name}`),
    ...set.langs.map((lang) => `${sign}lang:${lang}`),
  ];
}

function refuse(message: string): never {
  throw new InvalidInputError(`on X, ${message}`, 'query');
}

/**
 * Translates a rule's query (POST /v2/search's syntax) to X's query syntax; InvalidInputError
 * (a 400 at rule creation) for what X cannot run: a query whose only positive terms are lang:
 * (X needs a word, phrase, #tag, @user, from: or to: beside negations and lang:), or one longer
 * than X's 512 characters once translated.
 */
export function xRuleQuery(ruleQuery: string): XRuleQuery {
  const parsed = parseTweetQuery(ruleQuery);
  const terms: string[] = parsed.text === '' ? [] : (parsed.text.match(/-?"[^"]*"|\S+/g) ?? []);
  const positiveText = terms.some((term) => term !== 'OR' && !term.startsWith('-'));
  const { include, exclude } = parsed;
  const positiveOperator = [include.from, include.to, include.hashtags, include.mentions].some((values) => values.length > 0);
  if (!positiveText && !positiveOperator) {
    refuse('a rule needs a word, a "phrase", a #tag, an @user, from: or to: (X does not run a query made only of negations, lang:, since: or until:)');
  }
  // Without an OR every part is ANDed on X as in Perch: parentheses only hold an OR in.
  const text = terms.map(quoteIfOperator).join(' ');
  const parts = [terms.includes('OR') ? `(${text})` : text, ...operators(include, ''), ...operators(exclude, '-'), '-is:retweet'];
  const query = parts.filter(Boolean).join(' ');
  if (query.length > X_QUERY_LIMIT) refuse(`this query is ${query.length} characters long in X's syntax (${query}), over X's limit of ${X_QUERY_LIMIT}: shorten it`);
  return { query, since: parsed.since, until: parsed.until };
}

/**
 * An account rule as X queries: `from:<id> OR from:<id> …` (ids, which survive renames),
 * split so that each stays within X's query limit.
 */
export function xAccountQueries(accountIds: readonly string[]): string[] {
  const queries: string[] = [];
  let current = '';
  for (const id of accountIds) {
    const term = `from:${id}`;
    const next = current === '' ? term : `${current} OR ${term}`;
    if (next.length > X_QUERY_LIMIT && current !== '') {
      queries.push(current);
      current = term;
    } else current = next;
  }
  if (current !== '') queries.push(current);
  return queries;
}
