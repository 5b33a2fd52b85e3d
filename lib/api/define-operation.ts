import type { z } from 'zod';
import type { ConnectedAccount } from '@/lib/connections/require-scope';
import type { UsageSource } from '@/lib/credits/types';
import type { Platform, PlatformName } from '@/lib/platform/platform';
import type { PlatformActor } from '@/lib/platform/types';
import type { ApiRequest } from './api-request';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type Tag = 'Search' | 'Users' | 'Tweets' | 'Lists' | 'Communities' | 'Analytics' | 'Interaction Check' | 'Write API' | 'Account' | 'Rules' | 'Webhooks' | 'Stream' | 'Events' | 'Exports' | 'Usage';

/** What an operation costs: per item returned, or a fixed price per call (contract section 3). */
export type Cost =
  { per: 'item'; unit: 'tweet' | 'profile' | 'follower' | 'member' | 'id'; credits: number } | { per: 'call'; unit: 'check' | 'write' | 'trending' | 'free'; credits: number };

export const COSTS = {
  tweet: { per: 'item', unit: 'tweet', credits: 15 },
  profile: { per: 'item', unit: 'profile', credits: 18 },
  follower: { per: 'item', unit: 'follower', credits: 1 },
  member: { per: 'item', unit: 'member', credits: 1 },
  id: { per: 'item', unit: 'id', credits: 1 },
  check: { per: 'call', unit: 'check', credits: 50 },
  write: { per: 'call', unit: 'write', credits: 100 },
  trending: { per: 'call', unit: 'trending', credits: 100 },
  free: { per: 'call', unit: 'free', credits: 0 },
} as const satisfies Record<string, Cost>;

export type Caller = {
  userId: string;
  keyId: string | null;
  scopes: readonly string[];
  /** Stored with the call's usage: `api` for a key, the dashboard page for the session mount. */
  source: UsageSource;
  /** The signed-in person behind a dashboard call (the session mount), for the audit log; absent for a key. */
  person?: { id: string; email: string };
};

/** The platforms a deployment serves: the default and every one Perch-Platform may pick. */
export type ServedPlatformNames = { default: PlatformName; available: PlatformName[] };

export type HandlerContext<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  /** Items the call may return: `count` (default 20) lowered by max_credits; 1 for single-object operations. */
  limit: number;
  /** The keyset position from the request's cursor, or null on the first page. */
  after: unknown;
  caller: Caller;
  requestId: string;
  request: ApiRequest;
  /** The data source operations read from and write to. */
  platform: Platform;
  served: ServedPlatformNames;
  /** The platform account the caller connected, or null: writes act as it, checks default to it. */
  connectedAccount: () => Promise<ConnectedAccount | null>;
};

export type HandlerResult<D> = {
  data: D;
  /** A response sent as it is instead of the envelope (an event stream, an export's file); the call itself is free. */
  response?: Response;
  /** Items returned, what a per-item cost is charged for; defaults to the array length or 1. */
  items?: number;
  /** The keyset position after the last item, when there is a next page. */
  next?: unknown;
  /** Operation-specific meta fields, such as `not_found` of the batch operations. */
  meta?: Record<string, unknown>;
  /** A write that found the state already as asked: nothing changed, so nothing is charged. */
  unchanged?: boolean;
};

type AnyObject = z.ZodObject<z.ZodRawShape>;

export type OperationSpec<P extends AnyObject, Q extends AnyObject, B extends AnyObject, R extends z.ZodType> = {
  id: string;
  tag: Tag;
  method: HttpMethod;
  /** OpenAPI-style template: /v2/users/{username}/tweets */
  path: string;
  summary: string;
  description?: string;
  scope: 'read' | 'write';
  cost: Cost;
  /** `count` limits (default 20), for paged operations. */
  paging?: { maxCount: number };
  /** How many items the request asks for, for operations whose size comes from the input (batches). */
  requestedItems?: (input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }) => number;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /**
   * A success that is not the JSON envelope, for the OpenAPI document: Server-Sent Events (GET
   * /v2/stream), or an export's file (application/x-ndjson or text/csv, with byte ranges: 206, 416).
   */
  mediaType?: 'text/event-stream' | 'file';
  /** Extra meta fields the operation adds, for the OpenAPI document. */
  metaExtra?: AnyObject;
  handler: (ctx: HandlerContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<HandlerResult<z.output<R>>>;
};

export type Operation = OperationSpec<AnyObject, AnyObject, AnyObject, z.ZodType>;

/** Declares an operation once: routing, validation, costs, OpenAPI and SDK types come from it. */
export function defineOperation<P extends AnyObject, Q extends AnyObject, B extends AnyObject, R extends z.ZodType>(spec: OperationSpec<P, Q, B, R>): OperationSpec<P, Q, B, R> {
  return spec;
}
