import { ENDPOINT_URL_PATTERN } from '@/lib/delivery/endpoint-url-pattern';
import { LOCAL_SYNTAX, LOCAL_TWEET_REFERENCE_PATTERN } from '@/lib/platform/syntax';

// The API's own words for its text formats, keyed by the pattern its JSON Schema carries: the
// playground checks a value against the pattern as you type and says what the server would,
// instead of showing the regular expression. tests/unit/playground-validate.test.ts checks
// these against the server's schemas.
export const PATTERN_MESSAGES: Record<string, string> = {
  [LOCAL_TWEET_REFERENCE_PATTERN.source]: LOCAL_SYNTAX.tweetReferenceMessage,
  [ENDPOINT_URL_PATTERN]: 'must be an https URL of a public host, without credentials',
  '\\S': 'must not be blank',
  '^@?[A-Za-z0-9_]{1,15}$': 'must be 1 to 15 letters, digits or underscores, optionally after @',
  '^[0-9]{1,19}$': 'must be a numeric id of 1 to 19 digits',
  '^[a-z]{2,3}$': 'must be an ISO 639-1 language code such as en',
  '^-?[0-9]{1,16}$': 'must be a whole number',
};

/** What a value that does not match `pattern` is told: the API's message, or a plain fallback. */
export function patternMessage(pattern: string): string {
  return PATTERN_MESSAGES[pattern] ?? 'is not in the expected format';
}
