import { z } from 'zod';
import { MATCH_PRICE } from '@/lib/delivery/charge-match';
import { latestMatchId, matchStream, STREAM_SETTINGS } from '@/lib/delivery/match-stream';
import { keyHasRules } from '@/lib/rules/rule-store';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';

const EVENT_ID = /^[0-9]{1,19}$/;

export const streamMatches = defineOperation({
  id: 'streamMatches',
  tag: 'Stream',
  method: 'GET',
  path: '/v2/stream',
  summary: 'Server-Sent Events of this key’s rule matches',
  description: `Answers text/event-stream, not the JSON envelope. Each match is an event "match" with id = the match id and data {id, rule: {id, tag}, matched_at, tweet}. Reconnect with the Last-Event-ID header (EventSource does it by itself) or last_event_id to resume after that event without loss, within ${STREAM_SETTINGS.retentionHours} hours (PERCH_STREAM_RETENTION_HOURS); without either, the stream starts with the next match. A comment line is sent every ${STREAM_SETTINGS.heartbeatMs / 1000} s when idle. Each match costs ${MATCH_PRICE} credits, once, on its first delivery by stream or webhook; when the balance runs out the stream ends with an "error" event and the rules pause until credits are granted. 400 when the key has no rules.`,
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
    if (!(await keyHasRules(caller.keyId))) throw new ApiError('invalid_request', 'this key has no rules, so its stream would stay empty: create one with POST /v2/rules');
    const after = header?.trim() ?? query.last_event_id ?? (await latestMatchId(caller.keyId));
    const body = matchStream(caller.keyId, after, request.signal);
    const response = new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' },
    });
    return { data: '', response };
  },
});
