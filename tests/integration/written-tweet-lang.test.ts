import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectSuccess } from '../support/api-records';
import { setUpWriter, type Writer } from '../support/api-writer';

// Tweets written through /v2 carry the language detected from their text (eld), so that
// search's lang: and a rule such as `#tag lang:en` find them as they find seeded tweets.

let writer: Writer;
let watcher: ApiAccount;
let realtime: Realtime | null = null;
const tag = `perchlang${crypto.randomBytes(4).toString('hex')}`;
const rules: Record<'en' | 'ja' | 'es', string> = { en: '', ja: '', es: '' };

async function write(path: string, body: Record<string, string>) {
  const answer = await writer.account.call('POST', path, { body });
  expectSuccess(answer);
  return answer.body.data as { id: string; lang: string | null };
}

async function storedLang(id: string): Promise<string | null> {
  const { rows } = await getPool().query<{ lang: string | null }>('SELECT lang FROM platform.tweets WHERE id = $1', [id]);
  return rows[0].lang;
}

async function searchIds(body: Record<string, unknown>): Promise<string[]> {
  const answer = await writer.account.call('POST', '/v2/search', { body: { count: 100, ...body } });
  expectSuccess(answer);
  return answer.body.data.map((tweet: { id: string }) => tweet.id).sort();
}

async function matchedIds(ruleId: string): Promise<string[]> {
  const { rows } = await getPool().query<{ id: string }>('SELECT tweet_id::text AS id FROM realtime_matches WHERE rule_id = $1 ORDER BY 1', [ruleId]);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  writer = await setUpWriter('lang');
  watcher = await createApiAccount({ label: 'lang-rules' });
  realtime = await startRealtime();
  for (const lang of ['en', 'ja', 'es'] as const) {
    const rule = await watcher.call('POST', '/v2/rules', { body: { tag: lang, query: `#${tag} lang:${lang}` } });
    expectSuccess(rule);
    rules[lang] = rule.body.data.id;
  }
});

afterAll(async () => {
  await realtime?.stop();
  await expectLedgersBalanced();
});

describe('the language of a tweet written through /v2', () => {
  const written: Record<'en' | 'ja' | 'es' | 'short', string> = { en: '', ja: '', es: '', short: '' };

  it('is detected for createTweet, replyToTweet and quoteTweet, answered and stored', async () => {
    const english = await write('/v2/tweets/create', { text: `Just finished my morning run and feeling great #${tag}` });
    expect(english.lang).toBe('en');
    const japanese = await write('/v2/tweets/reply', { tweet_id: english.id, text: `明日から新しい仕事が始まります #${tag}` });
    expect(japanese.lang).toBe('ja');
    const spanish = await write('/v2/tweets/quote', { quoted_tweet_id: english.id, text: `¿Alguien sabe a qué hora empieza el partido? #${tag}` });
    expect(spanish.lang).toBe('es');
    Object.assign(written, { en: english.id, ja: japanese.id, es: spanish.id });
    for (const lang of ['en', 'ja', 'es'] as const) expect(await storedLang(written[lang])).toBe(lang);
  });

  it('is null for a text too short to tell', async () => {
    const short = await write('/v2/tweets/create', { text: `ok #${tag}` });
    expect(short.lang).toBeNull();
    expect(await storedLang(short.id)).toBeNull();
    written.short = short.id;
    // Read back, the tweet says the same.
    expect((await writer.account.call('GET', `/v2/tweets/${written.en}`)).body.data.lang).toBe('en');
  });

  it('search finds each by lang: in the query and by the lang filter; the short one by neither', async () => {
    expect(await searchIds({ query: `#${tag}` })).toEqual(Object.values(written).sort());
    expect(await searchIds({ query: `#${tag} lang:en` })).toEqual([written.en]);
    expect(await searchIds({ query: `#${tag}`, lang: 'ja' })).toEqual([written.ja]);
    expect(await searchIds({ query: `#${tag} -lang:en -lang:ja` })).toEqual([written.es, written.short].sort());
  });

  it('a rule "#tag lang:xx" matches the tweet in that language and no other', async () => {
    // One more English tweet, written last: the matcher takes queued tweets in id order, so once
    // it is matched every earlier one (the short one too) has been tested against the rules.
    const last = await write('/v2/tweets/create', { text: `See you all tomorrow at the park #${tag}` });
    expect(last.lang).toBe('en');
    await waitFor(async () => (await matchedIds(rules.en)).includes(last.id), 20_000);
    expect(await matchedIds(rules.en)).toEqual([written.en, last.id].sort());
    expect(await matchedIds(rules.ja)).toEqual([written.ja]);
    expect(await matchedIds(rules.es)).toEqual([written.es]);
  });
});
