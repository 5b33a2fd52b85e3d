import type pg from 'pg';
import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import { mapStreamPost, streamPostDids } from '@/lib/platform/bluesky/stream/map-stream-post';
import type { StreamEvent, StreamPost } from '@/lib/platform/bluesky/stream/stream-events';
import type { ProfileView } from '@/lib/platform/bluesky/map-records';
import type { Tweet } from '@/lib/platform/types';
import type { CompiledRule, MatchableTweet } from './compile-rule';
import { recordMatches, type FoundMatch } from './record-matches';
import { saveStreamCursor } from './stream-cursors';
import { parseTsVector, type Lexemes } from './tsquery';

const log = componentLogger('realtime');

/** Profiles by DID, for the posts that need them (the AppView in batches, in production). */
export type ProfileLookup = (dids: readonly string[]) => Promise<ProfileView[]>;

// The words of many texts as the embedded platform indexes its tweets (to_tsvector('simple',
// text)), in one query: a rule's words mean on Bluesky what they mean in search.
async function lexemesOf(texts: readonly string[]): Promise<Lexemes[]> {
  if (texts.length === 0) return [];
  const { rows } = await getPool().query<{ doc: string }>(`SELECT to_tsvector('simple', t)::text AS doc FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`, [texts]);
  return rows.map((row) => parseTsVector(row.doc));
}

function names(did: string, profile: ProfileView | undefined): Set<string> {
  return new Set(profile ? [did.toLowerCase(), profile.handle.toLowerCase()] : [did.toLowerCase()]);
}

function matchableOf(record: Tweet, lexemes: Lexemes, profiles: ReadonlyMap<string, ProfileView>): MatchableTweet {
  const parentDid = record.in_reply_to?.user_id ?? null;
  return {
    id: record.id,
    authorId: record.author_id,
    authorNames: names(record.author_id, profiles.get(record.author_id)),
    repliedToNames: parentDid === null ? new Set() : names(parentDid, profiles.get(parentDid)),
    hashtags: new Set(record.entities.hashtags.map((h) => h.tag.toLowerCase())),
    // A mention names the user as the text shows it and by DID.
    mentions: new Set(record.entities.mentions.flatMap((m) => [m.username.toLowerCase(), m.id.toLowerCase()])),
    lang: record.lang?.toLowerCase() ?? null,
    createdDate: record.created_at.slice(0, 10),
    isRetweet: false,
    lexemes,
  };
}

// A record Perch cannot map is passed over with a line in the log rather than retried: the
// stream's position must move past it, or one bad record would stop every rule.
function mappable(post: StreamPost, seenAt: Date, author: ProfileView | null = null): { post: StreamPost; bare: Tweet }[] {
  try {
    return [{ post, bare: mapStreamPost(post, author, seenAt) }];
  } catch (error) {
    log.warn({ platform: 'bluesky', err: error }, `bluesky: passing over at://${post.did}/app.bsky.feed.post/${post.rkey}: ${(error as Error).message}`);
    return [];
  }
}

/**
 * Matches a batch of stream events against the rules and records the matches together with
 * the stream's position after the batch, in one transaction. Rules are first tested without
 * profiles (authors known by DID, users named by handle left aside); only posts that may
 * match have their authors' profiles looked up, and are tested again with them.
 */
export async function matchStreamPosts(
  events: readonly StreamEvent[],
  rules: readonly CompiledRule[],
  lookUpProfiles: ProfileLookup,
  source: string,
  /** More to write in the batch's transaction (the account monitors' events and state). */
  alsoWrite: ((client: pg.PoolClient) => Promise<void>) | null = null,
): Promise<number> {
  const seenAt = new Date();
  const found: FoundMatch[] = [];
  if (rules.length > 0) {
    const posts = events.flatMap(({ post }) => (post === null ? [] : mappable(post, seenAt)));
    const lexemes = await lexemesOf(posts.map(({ bare }) => bare.text));
    const noProfiles = new Map<string, ProfileView>();
    const candidates = posts.flatMap(({ post, bare }, i) => {
      const matchable = matchableOf(bare, lexemes[i], noProfiles);
      const rulesToTest = rules.filter((rule) => rule.mightMatch(matchable));
      return rulesToTest.length > 0 ? [{ post, bare, lexemes: lexemes[i], rulesToTest }] : [];
    });
    const dids = [...new Set(candidates.flatMap(({ post }) => streamPostDids(post)))];
    const profiles = new Map((dids.length > 0 ? await lookUpProfiles(dids) : []).map((profile) => [profile.did, profile]));
    for (const { post, bare, lexemes: words, rulesToTest } of candidates) {
      const record = mappable(post, seenAt, profiles.get(post.did) ?? null)[0]?.bare ?? bare;
      const matchable = matchableOf(record, words, profiles);
      for (const rule of rulesToTest) if (rule.test(matchable)) found.push({ rule_id: rule.id, tweet_id: record.id, tweet: record });
    }
  }
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    await recordMatches(client, found);
    if (alsoWrite) await alsoWrite(client);
    if (events.length > 0) await saveStreamCursor(client, source, events[events.length - 1].cursor);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return found.length;
}
