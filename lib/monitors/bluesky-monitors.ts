import { getPool } from '@/lib/db/pool';
import { inTransaction } from '@/lib/db/transaction';
import { componentLogger } from '@/lib/observability/logger';
import { NotFoundError } from '@/lib/platform/errors';
import { getProfiles } from '@/lib/platform/bluesky/profiles';
import { FOLLOW_COLLECTION, PROFILE_COLLECTION } from '@/lib/platform/bluesky/stream/stream-events';
import type { BlueskyUpstream } from '@/lib/platform/bluesky/upstream';
import { parseAtUri } from '@/lib/platform/bluesky/map-records';
import { loadActiveRules, type ActiveRule } from '@/lib/rules/rule-store';
import { profileFieldsOf } from './bluesky-profile-fields';

const log = componentLogger('realtime');

// The Bluesky monitors the stream source serves: active follows and profile rules on platform
// 'bluesky', by monitored DID, and the state they start from. When a DID starts being monitored
// its state is seeded from the AppView: its profile record (the baseline: the first change after
// it is reported) and, for follows monitors, the follow records touching it, so a later delete
// (which names only its author and record key) can be told apart. State of DIDs no longer
// monitored is forgotten, and seeded again when they are.

export type BlueskyMonitors = {
  /** follows rules by the monitored DID (account_ids[0]). */
  follows: Map<string, ActiveRule[]>;
  /** profile rules by each monitored DID. */
  profile: Map<string, ActiveRule[]>;
};

/** Seeding reads at most this many follow records each way per account: older ones of bigger accounts are not known (see docs/monitors.md). */
export const SEED_LIMIT = 10_000;
/** getRelationships takes at most this many others a call. */
const RELATIONSHIPS_PER_CALL = 30;

function byDid(rules: readonly ActiveRule[], all: boolean): Map<string, ActiveRule[]> {
  const map = new Map<string, ActiveRule[]>();
  for (const rule of rules) for (const did of all ? rule.account_ids : rule.account_ids.slice(0, 1)) map.set(did, [...(map.get(did) ?? []), rule]);
  return map;
}

/** The active Bluesky monitors, their new accounts seeded and the state of dropped ones forgotten. */
export async function loadBlueskyMonitors(upstream: BlueskyUpstream): Promise<BlueskyMonitors> {
  const rules = await loadActiveRules('bluesky', ['follows', 'profile']);
  const monitors = { follows: byDid(rules.filter((r) => r.kind === 'follows'), false), profile: byDid(rules.filter((r) => r.kind === 'profile'), true) };
  const followsDids = [...monitors.follows.keys()];
  const allDids = [...new Set([...followsDids, ...monitors.profile.keys()])];
  const pool = getPool();
  await pool.query('DELETE FROM bluesky_monitor_accounts WHERE NOT (did = ANY ($1::text[]))', [allDids]);
  await pool.query('UPDATE bluesky_monitor_accounts SET follows_seeded_at = NULL WHERE follows_seeded_at IS NOT NULL AND NOT (did = ANY ($1::text[]))', [followsDids]);
  await pool.query('DELETE FROM bluesky_monitor_follows WHERE NOT (author_did = ANY ($1::text[])) AND NOT (subject_did = ANY ($1::text[]))', [followsDids]);
  const { rows } = await pool.query<{ did: string; follows_seeded: boolean }>('SELECT did, follows_seeded_at IS NOT NULL AS follows_seeded FROM bluesky_monitor_accounts WHERE did = ANY ($1::text[])', [allDids]);
  const known = new Map(rows.map((row) => [row.did, row.follows_seeded]));
  const fresh = allDids.filter((did) => !known.has(did));
  if (fresh.length > 0) await seedProfiles(upstream, fresh);
  for (const did of followsDids) if (!known.get(did)) await seedFollows(upstream, did);
  return monitors;
}

// Baselines: each account's profile record as the AppView serves it (com.atproto.repo.getRecord),
// and its handle. An account without a profile record has an empty baseline.
async function seedProfiles(upstream: BlueskyUpstream, dids: readonly string[]): Promise<void> {
  const views = new Map((await getProfiles(upstream, dids)).map((view) => [view.did, view]));
  for (const did of dids) {
    let record: Record<string, unknown> | null = null;
    try {
      record = (await upstream.read<{ value: Record<string, unknown> }>('com.atproto.repo.getRecord', { repo: did, collection: PROFILE_COLLECTION, rkey: 'self' }, 'user')).value;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    await getPool().query(
      `INSERT INTO bluesky_monitor_accounts (did, handle, profile, available) VALUES ($1, $2, $3, $4)
       ON CONFLICT (did) DO UPDATE SET handle = excluded.handle, profile = excluded.profile, available = excluded.available, updated_at = now()`,
      [did, views.get(did)?.handle ?? null, JSON.stringify(profileFieldsOf(did, record)), views.has(did)],
    );
  }
}

type Relationship = { did?: string; following?: string; followedBy?: string };

// The follow records touching `did` that the AppView knows: its follows and its followers (up to
// SEED_LIMIT each), with their record URIs from getRelationships (a list gives profiles only).
async function seedFollows(upstream: BlueskyUpstream, did: string): Promise<void> {
  const rows: [string, string, string][] = [];
  for (const [nsid, list, side] of [
    ['app.bsky.graph.getFollows', 'follows', 'following'],
    ['app.bsky.graph.getFollowers', 'followers', 'followedBy'],
  ] as const) {
    const others: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await upstream.read<Record<string, unknown> & { cursor?: string }>(nsid, { actor: did, limit: 100, cursor }, 'user');
      others.push(...((page[list] as { did: string }[] | undefined) ?? []).map((profile) => profile.did));
      cursor = page.cursor;
    } while (cursor && others.length < SEED_LIMIT);
    for (let start = 0; start < others.length; start += RELATIONSHIPS_PER_CALL) {
      const { relationships } = await upstream.read<{ relationships: Relationship[] }>('app.bsky.graph.getRelationships', { actor: did, others: others.slice(start, start + RELATIONSHIPS_PER_CALL) }, null);
      for (const relationship of relationships) {
        const uri = relationship[side];
        if (!uri || !relationship.did) continue;
        const { authority, collection, rkey } = parseAtUri(uri);
        if (collection !== FOLLOW_COLLECTION) continue;
        rows.push(side === 'following' ? [authority, rkey, relationship.did] : [authority, rkey, did]);
      }
    }
  }
  await inTransaction(async (client) => {
    await client.query(
      `INSERT INTO bluesky_monitor_follows (author_did, rkey, subject_did) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
    await client.query(`INSERT INTO bluesky_monitor_accounts (did, follows_seeded_at) VALUES ($1, now()) ON CONFLICT (did) DO UPDATE SET follows_seeded_at = now()`, [did]);
  });
  log.info({ platform: 'bluesky', did, records: rows.length }, `bluesky: follows monitor of ${did} starts knowing ${rows.length} follow records`);
}
