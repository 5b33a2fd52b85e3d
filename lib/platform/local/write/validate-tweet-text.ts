import { tweetLength } from '@/lib/platform/entities';
import { InvalidInputError } from '@/lib/platform/errors';

export const MAX_TWEET_LENGTH = 280;

/** The text as stored (NFC, so offsets and the 280 limit count the same code points), or InvalidInputError. */
export function validateTweetText(text: string): string {
  const normalized = text.normalize('NFC');
  // PostgreSQL text cannot hold NUL: let it through and the insert fails as a 500.
  if (normalized.includes('\u0000')) throw new InvalidInputError('text must not contain NUL characters', 'text');
  if (normalized.trim().length === 0) throw new InvalidInputError('text must not be empty', 'text');
  const length = tweetLength(normalized);
  if (length > MAX_TWEET_LENGTH) throw new InvalidInputError(`text must be at most ${MAX_TWEET_LENGTH} characters (it has ${length})`, 'text');
  return normalized;
}
