// Request and response types of every operation, derived from the zod schemas the server
// validates with. Every import here is `import type`: a bundle of the client carries no zod,
// no registry and no server code, only these types at compile time.
import type { z } from 'zod';
import type { SuccessMeta } from '../api/envelope';
import type * as account from '../api/operations/account';
import type * as analytics from '../api/operations/analytics';
import type * as checks from '../api/operations/checks';
import type * as communities from '../api/operations/communities';
import type * as lists from '../api/operations/lists';
import type * as rules from '../api/operations/rules';
import type * as search from '../api/operations/search';
import type * as tweets from '../api/operations/tweets';
import type * as users from '../api/operations/users';
import type * as webhooks from '../api/operations/webhooks';
import type * as writes from '../api/operations/writes';
import type { OperationId, RouteOf } from './routes';

type Declared = typeof account & typeof analytics & typeof checks & typeof communities & typeof lists & typeof search & typeof tweets & typeof users & typeof writes & typeof rules & typeof webhooks;

/** Each operation's declaration (defineOperation's spec) by operationId; Pick fails to compile if the route table names one that does not exist. */
export type Operations = Pick<Declared, OperationId>;

type Schema<Id extends OperationId, Part extends 'query' | 'body'> = NonNullable<Operations[Id][Part]>;

/** What an operation takes besides its path parameters: its query (GET, DELETE and bodiless POST) or JSON body, as the caller writes it. */
export type InputOf<Id extends OperationId> =
  RouteOf<Id>['input'] extends 'body' ? z.input<Schema<Id, 'body'>> : RouteOf<Id>['input'] extends 'query' ? z.input<Schema<Id, 'query'>> : never;

/** The `data` of an operation's success. */
export type DataOf<Id extends OperationId> = z.output<Operations[Id]['response']>;

/** One item of a paged operation's `data`. */
export type ItemOf<Id extends OperationId> = DataOf<Id> extends ReadonlyArray<infer Item> ? Item : never;

// SuccessMeta allows any extra key (`[extra: string]: unknown`); the client's meta lists only
// the real ones, so that a typo such as meta.credits_chargd fails to compile.
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The seven fields every success carries (contract section 1). */
export type ResultMeta = KnownKeys<SuccessMeta>;

// The operation spec types `metaExtra` as any object, so its fields cannot be read off the
// declaration; tests/unit/client-routes.test.ts checks this against the registry's schema.
type BatchMeta = { /** The requested usernames or ids that matched nothing. */ not_found: string[] };
type BatchId = 'getUsersBatch' | 'getTweetsBatch';

// Set by the server's idempotency replay (lib/api/run-operation.ts), which the spec types do not describe.
type WriteMeta = { /** Present when this answer replays an earlier request with the same Idempotency-Key (charged 0). */ original_request_id?: string };

/** The meta of an operation's success: the seven fields, plus `not_found` on the batch operations and the replay marker on writes. */
export type MetaOf<Id extends OperationId> = Id extends BatchId
  ? ResultMeta & BatchMeta
  : RouteOf<Id>['scope'] extends 'write'
    ? ResultMeta & WriteMeta
    : ResultMeta;

/** An operation's success as the client returns it. */
export type PerchResult<Id extends OperationId> = { data: DataOf<Id>; meta: MetaOf<Id> };
