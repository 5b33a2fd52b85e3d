import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { compileRule } from '@/lib/rules/compile-rule';
import { loadMatchableTweets, type LoadedTweet } from '@/lib/rules/matchable-tweets';
import { parseTweetQuery } from '@/lib/platform/local/parse-tweet-query';

// The in-memory matcher must mean what search means: for queries built from the seeded
// corpus' own words, tags, authors and languages, it picks exactly the tweets PostgreSQL's
// full-text search and the operator conditions pick among the newest 2,000.

let tweets: LoadedTweet[];
let ids: string[];
let queries: string[];

async function expected(query: string): Promise<string[]> {
  const parsed = parseTweetQuery(query);
  const where = ['t.id = ANY($1::bigint[])', 't.retweeted_tweet_id IS NULL'];
  const values: unknown[] = [ids];
  const add = (value: unknown) => `$${values.push(value)}`;
  if (parsed.text) where.push(`t.search_doc @@ websearch_to_tsquery('simple', ${add(parsed.text)})`);
  for (const tag of parsed.include.hashtags) where.push(`EXISTS (SELECT 1 FROM platform.tweet_hashtags h WHERE h.tweet_id = t.id AND h.tag = ${add(tag)})`);
  for (const tag of parsed.exclude.hashtags) where.push(`NOT EXISTS (SELECT 1 FROM platform.tweet_hashtags h WHERE h.tweet_id = t.id AND h.tag = ${add(tag)})`);
  for (const name of parsed.include.from) where.push(`lower(a.username) = ${add(name)}`);
  for (const name of parsed.exclude.from) where.push(`lower(a.username) <> ${add(name)}`);
  for (const lang of parsed.include.langs) where.push(`lower(t.lang) = ${add(lang)}`);
  for (const lang of parsed.exclude.langs) where.push(`lower(t.lang) IS DISTINCT FROM ${add(lang)}`);
  const { rows } = await getPool().query<{ id: string }>(
    `SELECT t.id::text FROM platform.tweets t JOIN platform.users a ON a.id = t.author_id WHERE ${where.join(' AND ')} ORDER BY t.id`,
    values,
  );
  return rows.map((row) => row.id);
}

async function matched(query: string): Promise<string[]> {
  const parsed = parseTweetQuery(query);
  const { rows } = await getPool().query<{ q: string }>(`SELECT websearch_to_tsquery('simple', $1)::text AS q`, [parsed.text]);
  const rule = compileRule({ id: '1', user_id: 'u', key_id: 'k', tag: 't', kind: 'query', query, text_query: parsed.text ? rows[0].q : null, account_ids: [], platform: 'local' });
  return tweets
    .filter((tweet) => rule.test(tweet.matchable))
    .map((tweet) => tweet.record.id)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

beforeAll(async () => {
  const { rows } = await getPool().query<{ id: string }>('SELECT id::text FROM platform.tweets ORDER BY id DESC LIMIT 2000');
  ids = rows.map((row) => row.id);
  tweets = await loadMatchableTweets(ids);
  const words = await getPool().query<{ word: string }>(
    `SELECT word FROM ts_stat($$SELECT search_doc FROM platform.tweets WHERE id >= ${ids[ids.length - 1]}$$) WHERE length(word) > 3 ORDER BY ndoc DESC LIMIT 4`,
  );
  const [w1, w2, w3, w4] = words.rows.map((row) => row.word);
  const tag = (await getPool().query<{ tag: string }>('SELECT tag FROM platform.tweet_hashtags WHERE tweet_id = ANY($1::bigint[]) GROUP BY tag ORDER BY count(*) DESC LIMIT 1', [ids])).rows[0].tag;
  const author = (await getPool().query<{ username: string }>('SELECT a.username FROM platform.tweets t JOIN platform.users a ON a.id = t.author_id WHERE t.id = ANY($1::bigint[]) GROUP BY 1 ORDER BY count(*) DESC LIMIT 1', [ids])).rows[0].username;
  queries = [w1, `${w1} ${w2}`, `${w1} OR ${w3}`, `"${w1} ${w2}"`, `${w2} -${w4}`, `#${tag}`, `#${tag} -lang:en`, `from:${author}`, `-from:${author} ${w3}`, `lang:en ${w1}`, `(${w1}) OR "${w3} ${w4}"`];
});

describe('the in-memory matcher', () => {
  it('loads every tweet with its lexemes', () => {
    expect(tweets).toHaveLength(ids.length);
    expect(tweets.filter((tweet) => tweet.matchable.lexemes.size > 0).length).toBeGreaterThan(ids.length * 0.9);
  });

  it('matches exactly what search matches, query by query', async () => {
    let nonEmpty = 0;
    for (const query of queries) {
      const want = await expected(query);
      if (want.length > 0) nonEmpty++;
      expect(await matched(query), query).toEqual(want);
    }
    // The corpus-derived queries must actually select something, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThanOrEqual(queries.length - 2);
  });
});
