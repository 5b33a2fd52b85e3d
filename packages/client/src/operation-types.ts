// Request and response types of every operation, generated from the server's OpenAPI
// document (generated/api-types.ts): the package carries plain types and no server code.
// tests/unit/client-types.test.ts checks them against the zod schemas the server validates with.
import type { OperationTypes } from './generated/api-types';
import type { OperationId, RouteOf } from './routes';

/** What an operation takes besides its path parameters: its query (GET, DELETE and bodiless POST) or JSON body, as the caller writes it. */
export type InputOf<Id extends OperationId> = RouteOf<Id>['input'] extends null ? never : OperationTypes[Id]['input'];

/** The `data` of an operation's success. */
export type DataOf<Id extends OperationId> = OperationTypes[Id]['data'];

/** One item of a paged operation's `data`. */
export type ItemOf<Id extends OperationId> = DataOf<Id> extends ReadonlyArray<infer Item> ? Item : never;

/** The seven fields every success carries (contract section 1); only these, so that a typo such as meta.credits_chargd fails to compile. */
export type ResultMeta = {
  request_id: string;
  /** Server-side time from request arrival to response write. */
  latency_ms: number;
  result_count: number;
  /** Pass back as `cursor` for the next page; bound to the other parameters. */
  next_cursor: string | null;
  has_next_page: boolean;
  credits_charged: number;
  credits_remaining: number;
};

// tests/unit/client-routes.test.ts checks this against the registry's schema.
type BatchMeta = { /** The requested usernames or ids that matched nothing. */ not_found: string[] };
type BatchId = 'getUsersBatch' | 'getTweetsBatch';
// Like, retweet and follow pairs say whether they changed anything (a call that did not is charged 0).
type ToggleMeta = { /** false when the state was already as asked: nothing changed, nothing was charged. */ changed: boolean };
type ToggleId = 'likeTweet' | 'unlikeTweet' | 'retweetTweet' | 'unretweetTweet' | 'followUser' | 'unfollowUser';

// Set by the server's idempotency replay (lib/api/run-operation.ts), which the spec types do not describe.
type WriteMeta = { /** Present when this answer replays an earlier request with the same Idempotency-Key (charged 0). */ original_request_id?: string };

/** The meta of an operation's success: the seven fields, plus `not_found` on the batch operations, `changed` on the like/retweet/follow pairs and the replay marker on writes. */
export type MetaOf<Id extends OperationId> = Id extends BatchId
  ? ResultMeta & BatchMeta
  : Id extends ToggleId
    ? ResultMeta & WriteMeta & ToggleMeta
    : RouteOf<Id>['scope'] extends 'write'
    ? ResultMeta & WriteMeta
    : ResultMeta;

/** An operation's success as the client returns it. */
export type PerchResult<Id extends OperationId> = { data: DataOf<Id>; meta: MetaOf<Id> };
