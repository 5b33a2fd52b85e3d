import type { BatchResult, Tweet } from '@/lib/platform/types';
import { storableId } from './ids';
import { hydrateTweets, tweetRowsById } from './load-tweets';

/** Up to 100 tweets by id in request order (each once); `not_found` lists the ids that matched nothing. */
export async function getTweetsBatch(tweetIds: readonly string[]): Promise<BatchResult<Tweet>> {
  const ids = [...new Set(tweetIds.map(storableId).filter((id): id is string => id !== null))];
  const rows = await tweetRowsById(ids);
  const byId = new Map((await hydrateTweets(rows)).map((tweet) => [tweet.id, tweet]));
  const items: Tweet[] = [];
  const seen = new Set<string>();
  const notFound = new Set<string>();
  for (const requested of tweetIds) {
    // "0123" and "123" name the same tweet: storableId gives the canonical form.
    const id = storableId(requested);
    const tweet = id === null ? undefined : byId.get(id);
    if (!tweet) {
      notFound.add(requested);
      continue;
    }
    if (seen.has(tweet.id)) continue;
    seen.add(tweet.id);
    items.push(tweet);
  }
  return { items, not_found: [...notFound] };
}
