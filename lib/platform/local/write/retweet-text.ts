import { MAX_TWEET_LENGTH } from './validate-tweet-text';

// How far back from the limit a cut may move to end on a whole word.
const WORD_BOUNDARY_REACH = 40;

/**
 * A retweet's text, "RT @author: <text>", kept within the tweet limit: a long one is cut
 * at a word boundary when one is near (so no tag, mention or link is cut in half) and ends in "…".
 */
export function retweetText(authorUsername: string, text: string): string {
  const full = Array.from(`RT @${authorUsername}: ${text}`);
  if (full.length <= MAX_TWEET_LENGTH) return full.join('');
  const head = full.slice(0, MAX_TWEET_LENGTH - 1);
  let cut = head.length;
  for (let i = head.length; i > head.length - WORD_BOUNDARY_REACH; i--) {
    if (/\s/u.test(full[i])) {
      cut = i;
      break;
    }
  }
  return `${head.slice(0, cut).join('').trimEnd()}…`;
}
