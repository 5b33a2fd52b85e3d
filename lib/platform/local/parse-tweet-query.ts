import { InvalidInputError } from '@/lib/platform/errors';
import { LOCAL_SYNTAX, type ValueSyntax } from '@/lib/platform/syntax';

/** Operator values a query asks for (include) or rules out (exclude); usernames, tags and languages in lower case. */
export type OperatorSet = { from: string[]; to: string[]; hashtags: string[]; mentions: string[]; langs: string[] };

/**
 * A tweet search query taken apart. `text` is what remains for full-text search, in the
 * syntax of PostgreSQL's websearch_to_tsquery (words, "quoted phrases", -negation, OR), or
 * "" when the query is operators only. `since` and `until` are UTC dates (YYYY-MM-DD):
 * since is inclusive, until exclusive, as on the real platform.
 */
export type ParsedTweetQuery = {
  text: string;
  include: OperatorSet;
  exclude: OperatorSet;
  since: string | null;
  until: string | null;
};

// A quoted phrase (its closing quote may be missing at the end), or a run of non-space characters.
const TOKEN = /(-?)"([^"]*)"?|(\S+)/gu;
const OPERATOR = /^(from|to|lang|since|until):(.*)$/iu;
const HASHTAG = /^[#＃]([\p{L}\p{M}\p{N}_]+)$/u;
const MENTION = /^[@＠]([^@＠].*)$/u;
const LANG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/iu;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;
// Full-text search ignores what has no letter or digit: such a term would only empty the tsquery.
const SEARCHABLE = /[\p{L}\p{N}]/u;

const emptySet = (): OperatorSet => ({ from: [], to: [], hashtags: [], mentions: [], langs: [] });

function invalid(message: string): never {
  throw new InvalidInputError(message, 'query');
}

function validDate(operator: string, value: string): string {
  const match = DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    invalid(`${operator}: needs a date as YYYY-MM-DD, got "${value}"`);
  }
  return value;
}

/** The embedded platform's (and X's) usernames; Bluesky's rules name handles and DIDs. */
const LOCAL_USERNAMES: ValueSyntax = { ...LOCAL_SYNTAX.username, description: '1 to 15 letters, digits or underscores' };

// Usernames in lower case: both platforms ignore their case (a DID is lower case already).
function username(usernames: ValueSyntax, operator: string, value: string): string {
  if (!usernames.pattern.test(value)) invalid(`${operator}: needs a username (${usernames.description}), got "${value}"`);
  return usernames.normalize(value).toLowerCase();
}

/**
 * Parses a search query: words, "quoted phrases", -negation and OR go to full-text search;
 * from:user to:user @user #tag lang:xx (each negatable with -) and since:/until: dates become
 * filters. All parts must hold (AND). Usernames follow `usernames` (the platform's syntax; the
 * embedded platform's by default). InvalidInputError for a malformed operator or a query with
 * nothing to search for.
 */
export function parseTweetQuery(query: string, usernames: ValueSyntax = LOCAL_USERNAMES): ParsedTweetQuery {
  const parsed: ParsedTweetQuery = { text: '', include: emptySet(), exclude: emptySet(), since: null, until: null };
  const terms: string[] = [];
  for (const match of query.matchAll(TOKEN)) {
    const [, phraseNegation, phrase, bare] = match;
    if (bare === undefined) {
      // Words of a phrase keep their order; quotes inside cannot occur (the phrase ends there).
      if (SEARCHABLE.test(phrase)) terms.push(`${phraseNegation}"${phrase.trim()}"`);
      continue;
    }
    const negated = bare.length > 1 && bare.startsWith('-');
    const token = negated ? bare.slice(1) : bare;
    const set = negated ? parsed.exclude : parsed.include;
    const operator = OPERATOR.exec(token);
    if (operator) {
      const name = operator[1].toLowerCase();
      const value = operator[2];
      if (name === 'from') set.from.push(username(usernames, name, value));
      else if (name === 'to') set.to.push(username(usernames, name, value));
      else if (name === 'lang') {
        if (!LANG.test(value)) invalid(`lang: needs a language code such as en or pt, got "${value}"`);
        set.langs.push(value.toLowerCase());
      } else {
        if (negated) invalid(`${name}: cannot be negated`);
        const date = validDate(name, value);
        // Several bounds narrow the range: the latest since and the earliest until win.
        if (name === 'since') parsed.since = parsed.since === null || date > parsed.since ? date : parsed.since;
        else parsed.until = parsed.until === null || date < parsed.until ? date : parsed.until;
      }
      continue;
    }
    const hashtag = HASHTAG.exec(token);
    if (hashtag) {
      set.hashtags.push(hashtag[1].toLowerCase());
      continue;
    }
    const mention = MENTION.exec(token);
    if (mention && usernames.pattern.test(mention[1])) {
      set.mentions.push(usernames.normalize(mention[1]).toLowerCase());
      continue;
    }
    if (token === 'OR' && !negated) {
      terms.push('OR');
      continue;
    }
    const word = token.replaceAll('"', '');
    if (SEARCHABLE.test(word)) terms.push(negated ? `-${word}` : word);
  }
  // An OR with nothing on one side means nothing; drop it rather than let it join terms it was not written between.
  while (terms[0] === 'OR') terms.shift();
  while (terms[terms.length - 1] === 'OR') terms.pop();
  parsed.text = terms.filter((term, i) => term !== 'OR' || terms[i - 1] !== 'OR').join(' ');
  const { include, exclude } = parsed;
  const hasOperator = [include, exclude].some((s) => Object.values(s).some((values: string[]) => values.length > 0));
  if (parsed.text === '' && !hasOperator && parsed.since === null && parsed.until === null) {
    invalid('query has nothing to search for: give a word, a "phrase" or an operator such as from:user or #tag');
  }
  return parsed;
}
