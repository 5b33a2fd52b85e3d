// The issue's real-time benchmark: N active rules, tweets committed at a steady rate, a real
// webhook receiver (verifying signatures, down for part of the run) and an SSE client.
// Reports commit→webhook and commit→stream latency (p50/p95/max) and the counts of matched,
// delivered, duplicated and lost tweets and the credits charged.
//
//   DATABASE_URL=postgresql://… npx tsx scripts/bench-realtime.ts [--rules 1000] [--rate 50] [--seconds 600] [--down-seconds 120]
//
// It works in a fresh database it creates on DATABASE_URL's server (migrated, seeded at the
// `test` scale) and drops at the end.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { createBenchDatabase, prepareBenchDatabase, setBenchWebhookEnv } from './bench/bench-database';
import { percentile } from './bench/latency';
import { startWebhookReceiver } from './bench/webhook-receiver';

const { values } = parseArgs({
  options: { rules: { type: 'string', default: '1000' }, rate: { type: 'string', default: '50' }, seconds: { type: 'string', default: '600' }, 'down-seconds': { type: 'string', default: '120' } },
});
const RULES = Number(values.rules);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const DOWN_SECONDS = Number(values['down-seconds']);

const database = await createBenchDatabase('perch_bench_rt');
setBenchWebhookEnv();

try {
  await prepareBenchDatabase(database.url);
  const { getPool, closePool } = await import('@/lib/db/pool');
  const { grantCredits, getBalance } = await import('@/lib/credits');
  const { issueKey } = await import('@/lib/keys');
  const { localPlatform } = await import('@/lib/platform/local');
  const { startRealtime } = await import('@/lib/delivery/start-realtime');
  const { closeNotifications } = await import('@/lib/delivery/notifications');
  const { answerApiRequest, dispatch } = await import('@/lib/api/dispatch');
  const { createHttpServer, listen } = await import('@/lib/server/http-server');
  const { apiHandler } = await import('@/lib/server/web-adapter');
  const { freePort } = await import('@/lib/server/free-port');

  const pool = getPool();
  const userId = `bench_${crypto.randomBytes(4).toString('hex')}`;
  await pool.query('INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())', [userId, `${userId}@bench.test`]);
  await grantCredits(userId, 1_000_000_000, 'realtime bench');
  const key = await issueKey({ userId, name: 'bench', scopes: ['read', 'write'], rateLimit: 100_000 });
  const { rows: authors } = await pool.query<{ id: string; username: string }>('SELECT id::text, username FROM platform.users ORDER BY id LIMIT 20');
  const marker = `bench${crypto.randomBytes(3).toString('hex')}`;

  // One rule matches every benchmark tweet; the others are realistic filters that mostly do not.
  const api = (method: string, path: string, body?: unknown) =>
    dispatch(new Request(`http://bench${path}`, { method, headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).then((r) => r.json() as Promise<{ data: { id: string; secret?: string } }>);
  await api('POST', '/v2/rules', { tag: 'marker', query: marker });
  const { rows: words } = await pool.query<{ word: string }>(`SELECT word FROM ts_stat('SELECT search_doc FROM platform.tweets') WHERE length(word) > 4 ORDER BY ndoc DESC LIMIT 500`);
  for (let i = 1; i < RULES; i++) {
    const w = words[i % words.length].word;
    const query = i % 3 === 0 ? `${w} ${words[(i * 7) % words.length].word} lang:en` : i % 3 === 1 ? `"${w} ${marker}x${i}"` : `#${w}${i}`;
    await api('POST', '/v2/rules', { tag: `rule ${i}`, query });
  }

  const committed = new Map<string, number>();
  const webhookAt = new Map<string, number>();
  const streamAt = new Map<string, number>();
  let webhookDuplicates = 0;
  let streamDuplicates = 0;

  const receiver = await startWebhookReceiver((body, arrivedAt) => {
    const event = body as { match: { rule: { tag: string } } | null; tweet: { id: string } | null };
    if (event.match?.rule.tag === 'marker' && event.tweet) {
      if (webhookAt.has(event.tweet.id)) webhookDuplicates++;
      else webhookAt.set(event.tweet.id, arrivedAt);
    }
  });
  const receiverUp = () => receiver.up();
  const receiverDown = () => receiver.down();
  const endpoint = await api('POST', '/v2/webhooks', { url: receiver.url });
  receiver.secret = endpoint.data.secret!;

  const realtime = await startRealtime();
  const apiServer = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const apiPort = await freePort();
  await listen(apiServer, apiPort, '127.0.0.1');
  const { Perch } = await import('@perch/client');
  const perch = new Perch({ apiKey: key.key, baseUrl: `http://127.0.0.1:${apiPort}` });
  const streamStop = new AbortController();
  const streaming = (async () => {
    for await (const match of perch.stream({ lastEventId: '0', signal: streamStop.signal, reconnectDelayMs: 200 })) {
      if (match.rule.tag !== 'marker') continue;
      if (streamAt.has(match.tweet.id)) streamDuplicates++;
      else streamAt.set(match.tweet.id, Date.now());
    }
  })();

  console.log(`[bench] ${RULES} rules, ${RATE} tweets/s for ${SECONDS} s, receiver down for ${DOWN_SECONDS} s in the middle`);
  const started = Date.now();
  const downAt = started + ((SECONDS - DOWN_SECONDS) / 2) * 1000;
  let down = false;
  let sent = 0;
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (sent < due) {
      const author = authors[sent % authors.length];
      const tweet = await localPlatform.createTweet(author, { text: `${marker} bench tweet ${sent}` });
      committed.set(tweet.id, Date.now());
      sent++;
    }
    if (!down && Date.now() >= downAt && Date.now() < downAt + DOWN_SECONDS * 1000) {
      down = true;
      await receiverDown();
      console.log('[bench] receiver down');
    } else if (down && Date.now() >= downAt + DOWN_SECONDS * 1000) {
      down = false;
      await receiverUp();
      console.log('[bench] receiver up');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (down) await receiverUp();
  // Let retries and the stream catch up.
  const deadline = Date.now() + 120_000;
  while ((webhookAt.size < committed.size || streamAt.size < committed.size) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

  const upLatencies = (arrivals: Map<string, number>, onlyWhileUp: boolean) =>
    [...committed].filter(([, at]) => !onlyWhileUp || at < downAt || at > downAt + DOWN_SECONDS * 1000 + 1000).flatMap(([id, at]) => (arrivals.has(id) ? [arrivals.get(id)! - at] : []));
  const hook = upLatencies(webhookAt, true);
  const stream = upLatencies(streamAt, false);
  const { rows: matches } = await pool.query<{ n: number; charged: number }>(
    `SELECT count(*)::int AS n, count(charged_at)::int AS charged FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id WHERE r.tag = 'marker'`,
  );
  const balance = await getBalance(userId);
  console.log(
    JSON.stringify(
      {
        rules: RULES,
        rate: RATE,
        seconds: SECONDS,
        committed: committed.size,
        matched: matches[0].n,
        webhook: { delivered: webhookAt.size, duplicated: webhookDuplicates, lost: committed.size - webhookAt.size, bad_signatures: receiver.badSignatures, p50_ms: percentile(hook, 50), p95_ms: percentile(hook, 95), max_ms: Math.max(...hook) },
        stream: { delivered: streamAt.size, duplicated: streamDuplicates, lost: committed.size - streamAt.size, p50_ms: percentile(stream, 50), p95_ms: percentile(stream, 95), max_ms: Math.max(...stream) },
        credits_charged: 1_000_000_000 - balance,
        matches_charged: matches[0].charged,
      },
      null,
      2,
    ),
  );
  streamStop.abort();
  await streaming.catch(() => {});
  apiServer.closeAllConnections();
  await new Promise((resolve) => apiServer.close(resolve));
  await receiverDown();
  await realtime.stop();
  await closeNotifications();
  await closePool();
} finally {
  await database.drop();
}
