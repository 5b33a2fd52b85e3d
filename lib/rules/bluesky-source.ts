import { componentLogger } from '@/lib/observability/logger';
import type { Stoppable } from '@/lib/db/run-while-leader';
import { subscribe } from '@/lib/delivery/notifications';
import { getProfiles } from '@/lib/platform/bluesky/profiles';
import { openPostStream, streamSource } from '@/lib/platform/bluesky/stream/open-stream';
import { FOLLOW_COLLECTION, POST_COLLECTION, PROFILE_COLLECTION, type StreamConnection, type StreamEvent } from '@/lib/platform/bluesky/stream/stream-events';
import { loadBlueskyMonitors, type BlueskyMonitors } from '@/lib/monitors/bluesky-monitors';
import { prepareMonitorEvents } from '@/lib/monitors/bluesky-monitor-events';
import { createBlueskyUpstream } from '@/lib/platform/bluesky/upstream';
import type { BlueskySettings } from '@/lib/platform/platform-config';
import type { CompiledRule } from './compile-rule';
import { matchStreamPosts } from './match-stream-posts';
import { CHANNELS, compileActiveRules } from './record-matches';
import { hasActiveRules, TWEET_RULE_KINDS, type RuleKind } from './rule-store';
import { clearStreamCursor, loadStreamCursor } from './stream-cursors';

const log = componentLogger('realtime');

/** Events matched and committed together. */
const BATCH = 200;
/** Above this many events waiting, the stream is asked to wait; it goes on below the half. */
const HIGH_WATER = 5_000;

/** The collections each kind of rule needs from the stream. */
const COLLECTIONS: [readonly RuleKind[], string][] = [
  [TWEET_RULE_KINDS, POST_COLLECTION],
  [['follows'], FOLLOW_COLLECTION],
  [['profile'], PROFILE_COLLECTION],
];

/**
 * The Bluesky event source: while any rule watches Bluesky, reads the network's new posts
 * (Jetstream or the firehose) from the stored position, matches them in batches against those
 * rules and commits each batch's matches with the position after it. Started by one instance
 * only (leader election): the position is that instance's to move. When the last Bluesky rule
 * goes, the stream is closed and the position forgotten: rules see posts made while one is active.
 * The account monitors on Bluesky (follows and profile rules) read the same stream: follow and
 * profile record changes and #account events become their events in the same batches, written
 * in the same transaction as the position (lib/monitors/bluesky-monitor-events.ts). The stream
 * asks only for the collections some active rule needs, and opens again when that changes.
 */
export function startBlueskySource(settings: BlueskySettings): Stoppable {
  const source = streamSource(settings);
  const upstream = createBlueskyUpstream(settings, null);
  const lookUpProfiles = (dids: readonly string[]) => getProfiles(upstream, dids);
  const buffer: StreamEvent[] = [];
  let received: number | null = null;
  let connection: StreamConnection | null = null;
  let rules: CompiledRule[] = [];
  let monitors: BlueskyMonitors = { follows: new Map(), profile: new Map() };
  let collections: string[] = [];
  let rulesStale = true;
  let stopped = false;
  let draining: Promise<void> | null = null;
  let drained: (() => void)[] = [];
  let lastProblem = '';
  let wake: (() => void) | null = null;

  const report = (problem: string) => {
    if (problem !== lastProblem) log.error({ platform: 'bluesky' }, `bluesky: ${problem}`);
    lastProblem = problem;
  };

  const releaseWaiters = () => {
    if (buffer.length > HIGH_WATER / 2) return;
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };

  // One batch after another, in stream order; a failed batch (AppView or database down) stays
  // at the head of the buffer and is tried again: nothing is skipped, the position waits.
  const drain = (): Promise<void> => {
    draining ??= (async () => {
      let delay = 1_000;
      while (!stopped && buffer.length > 0) {
        const batch = buffer.slice(0, BATCH);
        try {
          if (rulesStale) {
            rulesStale = false;
            rules = await compileActiveRules('bluesky');
            monitors = await loadBlueskyMonitors(upstream);
          }
          const monitorWrite = await prepareMonitorEvents(batch, monitors, lookUpProfiles);
          await matchStreamPosts(batch, rules, lookUpProfiles, source, monitorWrite);
          buffer.splice(0, batch.length);
          releaseWaiters();
          lastProblem = '';
          delay = 1_000;
        } catch (error) {
          rulesStale = true; // a failed seeding of new monitors is tried again too
          report(`matching failed, retrying: ${(error as Error).message}`);
          // Woken early by stop(), which must not wait out a long backoff.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          delay = Math.min(delay * 2, 30_000);
        }
      }
    })().finally(() => {
      draining = null;
    });
    return draining;
  };

  // `again`: the collections changed under an open stream: it goes on from the last event taken.
  const open = async (again = false) => {
    if (!again) received = await loadStreamCursor(source);
    connection = openPostStream(settings, {
      collections,
      cursor: () => received,
      onEvent: (event) => {
        received = event.cursor;
        buffer.push(event);
        void drain();
        if (stopped || buffer.length < HIGH_WATER) return;
        return new Promise<void>((resolve) => drained.push(resolve));
      },
      onError: (error) => report(`stream: ${error.message}`),
    });
    log.info({ platform: 'bluesky', stream: settings.stream.kind, from: received }, `bluesky: reading ${settings.stream.kind} ${settings.stream.url}${received === null ? ' live' : ` from ${received}`}`);
  };

  const close = async (forget: boolean) => {
    const open = connection;
    connection = null;
    await open?.close();
    if (forget) {
      await drain();
      await clearStreamCursor(source);
      received = null;
      log.info({ platform: 'bluesky' }, 'bluesky: no rule watches Bluesky, stream closed');
    }
  };

  // Opens or closes the stream as rules come and go; one check at a time.
  let checking = Promise.resolve();
  const check = () => {
    checking = checking
      .then(async () => {
        if (stopped) return;
        const wantedCollections: string[] = [];
        for (const [kinds, collection] of COLLECTIONS) if (await hasActiveRules('bluesky', kinds)) wantedCollections.push(collection);
        const changed = wantedCollections.join() !== collections.join();
        collections = wantedCollections;
        const wanted = collections.length > 0;
        if (wanted && !connection) await open();
        else if (!wanted && connection) await close(true);
        else if (wanted && changed) {
          await close(false);
          await open(true);
        }
      })
      .catch((error: Error) => report(`checking rules failed: ${error.message}`));
    return checking;
  };

  const listening = subscribe(CHANNELS.rules, () => {
    rulesStale = true;
    void check();
  });
  void listening.then(() => check()).catch((error: Error) => report(`listening for rule changes failed: ${error.message}`));

  return {
    async stop() {
      stopped = true;
      wake?.();
      // A stream waiting for room goes on (into a buffer no longer matched), so it can close.
      for (const resolve of drained.splice(0)) resolve();
      (await listening.catch(() => null))?.();
      await checking;
      await close(false);
      // The batch under way commits; the rest is read again from the stored position.
      await draining;
    },
  };
}
