/** SQL: the tweet a usage event's call was about, as sent (path tweetId, body tweet_id or quoted_tweet_id), or NULL. */
export const CALL_TWEET_SQL = `coalesce(e.params->'path'->>'tweetId', e.params->'body'->>'tweet_id', e.params->'body'->>'quoted_tweet_id')`;

/** The tweet id in what a call sent (an id, or a tweet URL ending in /status/<id>); null for anything else. */
export function tweetIdOfCall(sent: string | null): string | null {
  if (!sent) return null;
  const value = sent.trim();
  if (/^\d{1,19}$/.test(value)) return value;
  return /\/status(?:es)?\/(\d{1,19})(?:[/?#]|$)/.exec(value)?.[1] ?? null;
}
