import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { InvalidInputError } from '@/lib/platform/errors';
import { parseTweetQuery, type ParsedTweetQuery } from '@/lib/platform/local/parse-tweet-query';
import type { PlatformName } from '@/lib/platform/platform';

// Search forgives a phrase whose closing quote is missing at the end; a rule is written once and
// matches for months, so an unclosed `"phrase` is refused instead of silently read as if closed.
const PHRASE = /(-?)"([^"]*)("?)|\S+/gu;

function refuseUnclosedPhrase(query: string): void {
  for (const match of query.matchAll(PHRASE)) {
    const [whole, , phrase, closing] = match;
    if (whole.includes('"') && phrase !== undefined && closing === '') {
      const shown = phrase.trim().length > 30 ? `${phrase.trim().slice(0, 30)}…` : phrase.trim();
      throw new InvalidInputError(`the phrase "${shown} has no closing quote: end it with " (or remove the opening quote to match the words anywhere)`, 'query');
    }
  }
}

/**
 * A rule's query in the syntax of POST /v2/search, with the usernames of the platform the rule
 * watches: from:, to: and @ name handles or DIDs on Bluesky, 15-character names elsewhere.
 * Unless `stored` (a rule saved before, being compiled), a phrase without its closing quote is
 * an InvalidInputError.
 */
export function parseRuleQuery(query: string, platform: PlatformName, options: { stored?: boolean } = {}): ParsedTweetQuery {
  if (!options.stored) refuseUnclosedPhrase(query);
  return platform === 'bluesky' ? parseTweetQuery(query, BLUESKY_SYNTAX.username) : parseTweetQuery(query);
}
