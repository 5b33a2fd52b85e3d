// The real-time benchmark's follows-monitors case (issue 32): N active `follows` monitors on the
// embedded platform, the live activity on (as a server runs it), one webhook endpoint, and
// follows and unfollows of monitored accounts committed at a steady rate through the platform's
// write path (the same functions as the API and the live activity: counts move, triggers fire).
// Reports commit→webhook latency per event (p50/p95/p99/max), split at the event's recording,
// and the events expected, delivered, duplicated and lost, with how loaded the machine was.
//
//   DATABASE_URL=postgresql://… npx tsx scripts/bench-monitors.ts [--monitors 10000] [--rate 10] [--seconds 120] [--live-rate 5] [--unfollow-share 0.3] [--profile]
//
// Target: p95 < 1 s at 10,000 monitors. The default rate, 10 follows and unfollows a second
// (about 12 events a second to the one endpoint), is some 15 times the live activity's own
// follows of monitored accounts; all of them go to one endpoint, whose concurrency
// (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY, 2) bounds how many it gets a second.
//
// It works in a fresh database it creates on DATABASE_URL's server (migrated, seeded at the
// `test` scale, topped up with plain users so that every monitor watches its own account) and
// drops at the end.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { createBenchDatabase, prepareBenchDatabase, setBenchWebhookEnv } from './bench/bench-database';
import { latencySummary } from './bench/latency';
import { sampleMachineLoad } from './bench/machine-load';
import { profileQueries } from './bench/query-profile';
import { startWebhookReceiver } from './bench/webhook-receiver';

const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '120' },
    // The server's default (PERCH_LIVE_RATE, 5 events/s); 0 turns it off.
    'live-rate': { type: 'string', default: process.env.PERCH_LIVE_RATE ?? '5' },
    'unfollow-share': { type: 'string', default: '0.3' },
    // Times the shared pool's statements (the worker's, the deliveries', the writes'): where the time goes.
    profile: { type: 'boolean', default: false },
  },
});
const MONITORS = Number(values.monitors);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const LIVE_RATE = Number(values['live-rate']);
const UNFOLLOW_SHARE = Number(values['unfollow-share']);
const TARGET_P95_MS = 1_000;
const DRAIN_MS = 60_000;

type Direction = 'followers' | 'following' | 'both';
type FollowEvent = 'follow.added' | 'follow.removed';
// What the receiver reads of a follow.* delivery (lib/delivery/event-data.ts FollowEventData).
type Delivery = { event: string; match: { id: string; rule: { id: string }; matched_at: string } | null; data?: { follower?: { id: string }; followed?: { id: string } } };

const database = await createBenchDatabase('perch_bench_mon');
setBenchWebhookEnv();

try {
  await prepareBenchDatabase(database.url);
  const { getPool, closePool } = await import('@/lib/db/pool');
  const { grantCredits, getBalance } = await import('@/lib/credits');
  const { issueKey } = await import('@/lib/keys');
  const { RULE_LIMITS } = await import('@/lib/rules/limits');
  const { followUser } = await import('@/lib/platform/local/write/follow-user');
  const { unfollowUser } = await import('@/lib/platform/local/write/unfollow-user');
  const { startLiveActivity } = await import('@/lib/platform/local/live-activity');
  const { Rng } = await import('@/lib/platform/seed/prng');
  const { startRealtime } = await import('@/lib/delivery/start-realtime');
  const { closeNotifications } = await import('@/lib/delivery/notifications');
  const { dispatch } = await import('@/lib/api/dispatch');
  const { stopKeyServices } = await import('@/lib/keys');
  const { stopMetering } = await import('@/lib/metering/meter');

  const pool = getPool();
  const rng = new Rng(7);
  const userId = `bench_${crypto.randomBytes(4).toString('hex')}`;
  await pool.query('INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())', [userId, `${userId}@bench.test`]);
  await grantCredits(userId, 1_000_000_000, 'monitors bench');

  // One account per monitor: the seed's users, most followed first (the live activity follows
  // those), then plain users (no sim_seq: the live activity leaves them alone) up to the count.
  await pool.query(
    `INSERT INTO platform.users (id, username, name, created_at)
     SELECT m.top + g, 'bm' || g, 'Bench account ' || g, now() FROM generate_series(1, $1::int - (SELECT count(*) FROM platform.users)::int) g, (SELECT max(id) AS top FROM platform.users) m`,
    [MONITORS],
  );
  const { rows: users } = await pool.query<{ id: string; username: string }>('SELECT id::text, username FROM platform.users ORDER BY followers_count DESC, id');
  const monitored = users.slice(0, MONITORS);

  // Keys of one workspace, each within the per-key rule limit; the rules by SQL (the API's
  // create is one statement per rule and not what is measured). 7 in 10 watch followers, 2 both
  // sides, 1 following: a follow can fire a monitor of each of its two accounts.
  const perKey = RULE_LIMITS.rulesPerKey;
  const keys: string[] = [];
  let apiKey = '';
  for (let i = 0; i < Math.ceil(MONITORS / perKey); i++) {
    const key = await issueKey({ userId, name: `bench ${i}`, scopes: ['read', 'write'], rateLimit: 100_000 });
    keys.push(key.id);
    apiKey ||= key.key;
  }
  const directions: Direction[] = monitored.map((_, i) => (i % 10 < 7 ? 'followers' : i % 10 < 9 ? 'both' : 'following'));
  const { rows: rules } = await pool.query<{ id: string; account_id: string; direction: Direction }>(
    `INSERT INTO realtime_rules (user_id, key_id, tag, kind, accounts, account_ids, platform, direction)
     SELECT $1, ($2::text[])[(x.i - 1) / $6 + 1], 'monitor ' || x.i, 'follows', ARRAY[lower(x.username)], ARRAY[x.id], 'local', x.direction
     FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(id, username, direction, i)
     RETURNING id::text, account_ids[1] AS account_id, direction`,
    [userId, keys, monitored.map((u) => u.id), monitored.map((u) => u.username), directions, perKey],
  );
  const rulesOf = new Map<string, Array<{ id: string; direction: Direction }>>();
  for (const rule of rules) rulesOf.set(rule.account_id, [...(rulesOf.get(rule.account_id) ?? []), rule]);

  // The monitors a follow between two accounts fires, as the design says: the followee's
  // (followers or both) and the follower's (following or both).
  const firedBy = (followerId: string, followeeId: string) => [
    ...(rulesOf.get(followeeId) ?? []).filter((r) => r.direction !== 'following'),
    ...(rulesOf.get(followerId) ?? []).filter((r) => r.direction !== 'followers'),
  ];
  const eventKey = (ruleId: string, event: string, followerId: string, followeeId: string) => `${ruleId}|${event}|${followerId}|${followeeId}`;

  const committedAt = new Map<string, number>();
  const arrived = new Map<string, { at: number; recordedAt: number }>();
  const seenMatches = new Set<string>();
  let duplicated = 0;
  let fromLiveActivity = 0;
  let otherEvents = 0;
  const receiver = await startWebhookReceiver((body, at) => {
    const delivery = body as Delivery;
    if ((delivery.event !== 'follow.added' && delivery.event !== 'follow.removed') || !delivery.match || !delivery.data?.follower || !delivery.data.followed) {
      otherEvents++;
      return;
    }
    // The same stored event twice (a retry after a 2xx would be one) or the same follow recorded twice.
    if (seenMatches.has(delivery.match.id)) return void duplicated++;
    seenMatches.add(delivery.match.id);
    const key = eventKey(delivery.match.rule.id, delivery.event, delivery.data.follower.id, delivery.data.followed.id);
    if (!committedAt.has(key)) return void fromLiveActivity++;
    if (arrived.has(key)) return void duplicated++;
    arrived.set(key, { at, recordedAt: Date.parse(delivery.match.matched_at) });
  });
  const endpoint = (await dispatch(
    new Request('http://bench/v2/webhooks', { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url }) }),
  ).then((r) => r.json())) as { data: { secret: string } };
  receiver.secret = endpoint.data.secret;

  const profile = values.profile ? profileQueries(pool) : null;
  const realtime = await startRealtime();
  const live = startLiveActivity({ ratePerSecond: LIVE_RATE, seed: 11 });

  // Where a slow event waits: the change queue (not yet recorded) or the deliveries (recorded, not yet sent).
  let maxQueued = 0;
  let maxPending = 0;
  const depthTimer = setInterval(() => {
    void pool
      .query<{ queued: number; pending: number }>(`SELECT (SELECT count(*) FROM realtime_monitor_queue)::int AS queued, (SELECT count(*) FROM realtime_deliveries WHERE status = 'pending')::int AS pending`)
      .then(({ rows }) => ((maxQueued = Math.max(maxQueued, rows[0].queued)), (maxPending = Math.max(maxPending, rows[0].pending))))
      .catch(() => {});
  }, 250);

  console.log(`[bench] ${MONITORS} follows monitors on ${keys.length} keys, ${RATE} follows+unfollows/s for ${SECONDS} s, live activity ${LIVE_RATE}/s`);
  const load = sampleMachineLoad();
  const used = new Set<string>();
  const followed: Array<[string, string]> = [];
  const commitMs: number[] = [];
  let follows = 0;
  let unfollows = 0;
  let ops = 0;
  const record = (event: FollowEvent, followerId: string, followeeId: string, at: number) => {
    for (const rule of firedBy(followerId, followeeId)) committedAt.set(eventKey(rule.id, event, followerId, followeeId), at);
  };
  const started = Date.now();
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (ops < due) {
      ops++;
      if (followed.length > 0 && rng.chance(UNFOLLOW_SHARE)) {
        const [followerId, followeeId] = followed.shift()!;
        const t0 = performance.now();
        const change = await unfollowUser({ followerId, followeeId });
        commitMs.push(performance.now() - t0);
        if (!change.changed) continue;
        unfollows++;
        record('follow.removed', followerId, followeeId, Date.now());
        continue;
      }
      // A pair the bench has not used (each follow and each unfollow is one event key), not
      // already following (the seed's or the live activity's edge would change nothing).
      for (let attempt = 0; attempt < 8; attempt++) {
        const followeeId = rng.pick(monitored).id;
        const followerId = rng.pick(users).id;
        const pair = `${followerId}|${followeeId}`;
        if (followerId === followeeId || used.has(pair)) continue;
        used.add(pair);
        const t0 = performance.now();
        const change = await followUser({ followerId, followeeId });
        commitMs.push(performance.now() - t0);
        if (!change.changed) continue;
        follows++;
        record('follow.added', followerId, followeeId, Date.now());
        followed.push([followerId, followeeId]);
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const elapsedS = (Date.now() - started) / 1000;
  const machine = load.stop();
  const deadline = Date.now() + DRAIN_MS;
  while (arrived.size < committedAt.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  clearInterval(depthTimer);

  const latencies: number[] = [];
  const toRecorded: number[] = [];
  const recordedToHook: number[] = [];
  for (const [key, at] of committedAt) {
    const arrival = arrived.get(key);
    if (!arrival) continue;
    latencies.push(arrival.at - at);
    toRecorded.push(arrival.recordedAt - at);
    recordedToHook.push(arrival.at - arrival.recordedAt);
  }
  const hook = latencySummary(latencies);
  const balance = await getBalance(userId);
  // The delivery side: how long the POST itself took (the receiver answers at once) against how
  // many the endpoint got through per second, at its concurrency.
  const { rows: sent } = await pool.query<{ post_p50: number; post_p95: number; per_second: number }>(
    `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY last_latency_ms) AS post_p50, percentile_disc(0.95) WITHIN GROUP (ORDER BY last_latency_ms) AS post_p95,
            round((count(*) / greatest(extract(epoch FROM max(delivered_at) - min(delivered_at)), 1))::numeric, 1)::float AS per_second
     FROM realtime_deliveries WHERE status = 'delivered' AND event LIKE 'follow.%'`,
  );
  // The follows triggers' lookup (migration 20261202090000: does an active follows monitor name
  // either account?) for 1,000 follows at once: what 10,000 monitors add to each follow's commit.
  let triggerLookupUs: number | null = null;
  if (profile) {
    const { rows: plan } = await pool.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM (SELECT id FROM platform.users ORDER BY id DESC LIMIT 1000) f
       WHERE EXISTS (SELECT 1 FROM realtime_rules r WHERE r.status = 'active' AND r.kind IN ('follows', 'profile') AND r.kind = 'follows' AND r.platform = 'local' AND r.account_ids && ARRAY[f.id::text, $1::text])`,
      [monitored[0].id],
    );
    triggerLookupUs = Math.round(plan[0]['QUERY PLAN'][0]['Execution Time'] * 10) / 10;
  }
  const { rows: stored } = await pool.query<{ n: number; charged: number }>(`SELECT count(*)::int AS n, count(charged_at)::int AS charged FROM realtime_matches WHERE user_id = $1 AND event LIKE 'follow.%'`, [userId]);
  console.log(
    JSON.stringify(
      {
        monitors: rules.length,
        keys: keys.length,
        rate: RATE,
        seconds: SECONDS,
        live_rate: LIVE_RATE,
        commits: { follows, unfollows, per_second: Math.round(((follows + unfollows) / elapsedS) * 10) / 10, commit_ms: latencySummary(commitMs.map((ms) => Math.round(ms * 10) / 10)) },
        events: { expected: committedAt.size, delivered: arrived.size, duplicated, lost: committedAt.size - arrived.size, from_live_activity: fromLiveActivity, other: otherEvents, bad_signatures: receiver.badSignatures },
        commit_to_webhook: hook,
        // matched_at is the recording transaction's start: the first part is the queue's wait, the second recording and delivery.
        commit_to_recorded: latencySummary(toRecorded),
        recorded_to_webhook: latencySummary(recordedToHook),
        max_depth: { monitor_queue: maxQueued, pending_deliveries: maxPending },
        deliveries: { endpoint_concurrency: Number(process.env.PERCH_WEBHOOK_ENDPOINT_CONCURRENCY ?? 2), post_ms_p50: sent[0].post_p50, post_ms_p95: sent[0].post_p95, delivered_per_second: sent[0].per_second },
        stored_follow_events: stored[0].n,
        charged_follow_events: stored[0].charged,
        credits_charged: 1_000_000_000 - balance,
        machine,
        ...(profile ? { trigger_lookup_us_per_follow: triggerLookupUs, pool_waiting_max: profile.maxWaiting(), statements: profile.report() } : {}),
        target: { p95_ms_below: TARGET_P95_MS, met: hook.p95_ms < TARGET_P95_MS && committedAt.size === arrived.size && duplicated === 0 },
      },
      null,
      2,
    ),
  );
  await live.stop();
  await receiver.down();
  await realtime.stop();
  await closeNotifications();
  // The key check of the API call opened a LISTEN connection: closed before the database goes.
  await stopKeyServices();
  // Its last flush would otherwise reopen the metering pool after closePool.
  await stopMetering();
  await closePool();
} finally {
  await database.drop();
}
