import { z } from 'zod';
import { latestMatchId, matchStream, STREAM_SETTINGS } from '@/lib/delivery/match-stream';
import { keyHasRules } from '@/lib/rules/rule-store';
import { getMeter } from '@/lib/metering/meter';
import { claimStreamSlot, SLOT_TTL_MS } from '@/lib/delivery/stream-slots';
import { STREAMS_PER_ACCOUNT, STREAMS_PER_KEY } from '@/lib/delivery/stream-limits-env';
import { inStreamDatabaseTurn } from '@/lib/delivery/stream-database-turns';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';

const EVENT_ID = /^[0-9]{1,19}$/;

export const streamMatches = defineOperation({
  id: 'streamMatches',
  tag: 'Stream',
  method: 'GET',
  path: '/v2/stream',
  summary: 'Server-Sent Events of this key’s rule matches and other events',
  description: `Answers text/event-stream, not the JSON envelope. Carries every event GET /v2/events lists for the key (its rules' events and its workspace's account events), oldest first, each with id = the event id. Each match is an event "match" (the name kept for compatibility) with data {id, rule: {id, tag}, matched_at, tweet}; every other event's name is its type (follow.added, follow.removed, profile.updated, profile.unavailable, profile.available, account.balance_low, budget.threshold, export.completed, export.failed) with data {id, type, created_at, rule: {id, tag} | null, data} as GET /v2/events items carry it. Account events are free; a follow.* event costs what one follower of getUserFollowers costs, a profile.* event what one getUser costs, paid once as matches are. Reconnect with the Last-Event-ID header (EventSource does it by itself) or last_event_id to resume after that event without loss, within ${STREAM_SETTINGS.retentionHours} hours (PERCH_STREAM_RETENTION_HOURS); without either, the stream starts with the next match. A comment line is sent every ${STREAM_SETTINGS.heartbeatMs / 1000} s when idle. Each match costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform (its x-credits; the workspace's own terms apply), once, on its first delivery by stream or webhook; when the balance runs out the stream ends with an "error" event and the rules pause until credits are granted. A server that loses its database ends its streams with an "error" event {code: "unavailable", message, retryable: true}: reconnect with Last-Event-ID (the TypeScript client's stream() does). 400 when the key has no rules. A key may hold ${STREAMS_PER_KEY} streams open at once and an account ${STREAMS_PER_ACCOUNT}, by default (PERCH_STREAMS_PER_KEY, PERCH_STREAMS_PER_ACCOUNT; counted across all servers of the deployment): one more answers 429 too_many_streams with details {scope: "key"|"account", limit}, and a closed stream frees its slot at once (a server that died frees its slots within ${SLOT_TTL_MS / 1000} s). A server with its most streams open (PERCH_STREAMS_PER_INSTANCE, half of PERCH_HTTP_MAX_CONNECTIONS by default) answers 503 unavailable with Retry-After; a server shutting down ends its streams, and clients resume elsewhere with Last-Event-ID.`,
  scope: 'read',
  cost: COSTS.free,
  query: z.object({ last_event_id: z.string().regex(EVENT_ID, 'must be an event id from this stream').optional() }),
  response: z.string().describe('text/event-stream'),
  mediaType: 'text/event-stream',
  handler: async ({ query, caller, request }) => {
    if (caller.keyId === null) throw new ApiError('invalid_request', 'the stream belongs to an API key: call with a key (Authorization: Bearer perch_…)');
    const header = request.headers.get('last-event-id');
    if (header !== null && !EVENT_ID.test(header.trim())) {
      throw new ApiError('invalid_request', 'Last-Event-ID must be an event id from this stream', [{ path: 'Last-Event-ID', message: 'must be a numeric event id' }]);
    }
    const keyId = caller.keyId;
    const began = performance.now();
    // Before any query of its own: attempts beyond a cap cost this instance no database work.
    const slot = await claimStreamSlot(caller.userId, keyId);
    try {
      const after = await inStreamDatabaseTurn(async () => {
        if (!(await keyHasRules(keyId))) throw new ApiError('invalid_request', 'this key has no rules, so its stream would stay empty: create one with POST /v2/rules');
        return header?.trim() ?? query.last_event_id ?? (await latestMatchId({ keyId, userId: caller.userId }));
      });
      // Past the operation's time bound the call was already answered 503: a stream opened now
      // would have no reader and hold its slot for ever.
      if (performance.now() - began > getMeter().config.operationTimeoutMs - 200) throw new ApiError('unavailable', 'the stream could not be opened in time: retry shortly');
      const body = matchStream({ keyId, userId: caller.userId }, after, AbortSignal.any([request.signal, slot.signal]), slot.release);
      const response = new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' },
      });
      return { data: '', response };
    } catch (error) {
      slot.release();
      throw error;
    }
  },
});
