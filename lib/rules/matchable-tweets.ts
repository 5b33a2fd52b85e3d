import { getPool } from '@/lib/db/pool';
import { hydrateTweets, tweetRowsById } from '@/lib/platform/local/load-tweets';
import type { Tweet } from '@/lib/platform/types';
import type { MatchableTweet } from './compile-rule';
import { parseTsVector } from './tsquery';

export type LoadedTweet = { matchable: MatchableTweet; record: Tweet };

/** New tweets by id, as the matcher tests them and as deliveries carry them: three queries for the whole batch. */
export async function loadMatchableTweets(ids: readonly string[]): Promise<LoadedTweet[]> {
  if (ids.length === 0) return [];
  const [records, docs] = await Promise.all([
    tweetRowsById(ids).then(hydrateTweets),
    getPool().query<{ id: string; doc: string }>('SELECT id::text, search_doc::text AS doc FROM platform.tweets WHERE id = ANY($1::bigint[])', [ids]),
  ]);
  const lexemes = new Map(docs.rows.map((row) => [row.id, parseTsVector(row.doc)]));
  return records.map((record) => ({
    record,
    matchable: {
      id: record.id,
      authorId: record.author_id,
      authorNames: new Set([record.author.username.toLowerCase()]),
      repliedToNames: new Set(record.in_reply_to?.username ? [record.in_reply_to.username.toLowerCase()] : []),
      hashtags: new Set(record.entities.hashtags.map((h) => h.tag.toLowerCase())),
      mentions: new Set(record.entities.mentions.map((m) => m.username.toLowerCase())),
      lang: record.lang?.toLowerCase() ?? null,
      createdDate: record.created_at.slice(0, 10),
      isRetweet: record.is_retweet,
      lexemes: lexemes.get(record.id) ?? new Map(),
    },
  }));
}
