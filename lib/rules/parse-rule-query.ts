import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { parseTweetQuery, type ParsedTweetQuery } from '@/lib/platform/local/parse-tweet-query';
import type { PlatformName } from '@/lib/platform/platform';

/**
 * A rule's query in the syntax of POST /v2/search, with the usernames of the platform the rule
 * watches: from:, to: and @ name handles or DIDs on Bluesky, 15-character names elsewhere.
 */
export function parseRuleQuery(query: string, platform: PlatformName): ParsedTweetQuery {
  return platform === 'bluesky' ? parseTweetQuery(query, BLUESKY_SYNTAX.username) : parseTweetQuery(query);
}
