/** Where a call came from: a key (`api`), a dashboard page (lib/dashboard/call-source.ts) or an export job's page (`export`). */
export type UsageSource = 'api' | 'mcp' | 'playground' | 'explorer' | 'rules' | 'dashboard' | 'export';

/** What a settled (or released) call records in usage_events and usage_daily. */
export type UsageRecord = {
  operation: string;
  tag: string;
  /** The HTTP status answered; 400 and above count as errors in the daily rollup. */
  status: number;
  items: number;
  latencyMs: number;
  source: UsageSource;
} & RequestDetail &
  Partial<UpstreamUsage>;

/**
 * The platform that served a call and what it asked upstream (issue 31): requests made, how
 * many of them the upstream cache answered, items the upstream returned, and what they cost the
 * operator (millionths of its currency) at the upstream cost in force. Absent: the embedded
 * platform, nothing asked upstream.
 */
export type UpstreamUsage = {
  platform: string;
  upstreamRequests: number;
  upstreamCached: number;
  upstreamItems: number;
  upstreamCostMicros: number;
};

/**
 * What the dashboard's request log shows of a call beyond its numbers (docs/request-log.md):
 * the parameters it was sent (secrets never: see lib/metering/request-params.ts) and, for an
 * error answer, its code and message. They travel in the usage record, written with it.
 */
export type RequestDetail = {
  params?: Record<string, unknown> | null;
  errorCode?: string | null;
  errorMessage?: string | null;
};

export type PlaceHoldInput = {
  userId: string;
  /** null for calls made without a key (the dashboard's session-authenticated playground). */
  keyId: string | null;
  requestId: string;
  amount: number;
};

export type HoldPlaced = { ok: true; holdId: string; balance: number };
export type InsufficientCredits = { ok: false; reason: 'insufficient_credits'; required: number; balance: number };
export type KeyLimitReached = { ok: false; reason: 'key_limit_reached'; required: number; creditLimit: number; creditsSpent: number; creditsHeld: number };
/** A daily or monthly cap of the key or of its workspace (docs/budgets.md) cannot take the call. */
export type BudgetReached = {
  ok: false;
  reason: 'key_budget_reached' | 'workspace_budget_reached';
  required: number;
  period: 'day' | 'month';
  budget: number;
  /** Charged in the current period. */
  spent: number;
  /** Held by calls in flight and leased by instances: counted against the current period. */
  held: number;
  /** When the next period starts, in the workspace's time zone. */
  resetsAt: Date;
};
export type PlaceHoldResult = HoldPlaced | InsufficientCredits | KeyLimitReached | BudgetReached;

export type LedgerReport = {
  balance: number;
  grants: number;
  usage: number;
  holds: number;
  /** Credits in instances' leases: unused, held by calls in flight, or charged and not yet flushed. */
  leased: number;
  /** Every key's credits_held equals its open holds, credits_spent its usage charges, credits_leased its leases. */
  keysOk: boolean;
  /** Also requires the balance row's `reserved` (budgets' credits in flight) to equal its open holds plus leases. */
  ok: boolean;
};
