import { componentLogger } from '@/lib/observability/logger';
import { getBalance } from '@/lib/credits/get-balance';
import { placeHold } from '@/lib/credits/place-hold';
import { releaseHold, settleHold } from '@/lib/credits/settle-hold';
import type { BudgetReached, InsufficientCredits, KeyLimitReached, UsageRecord } from '@/lib/credits/types';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { flushUsage, type PendingUsage } from './flush-usage';
import { storableText } from './request-params';
import { instanceId } from './instance-id';
import { giveBackLease, recallLeases, recalledLeases, recallsPending, renewLeases, takeLease } from './lease-statements';
import { readMeteringConfig, type MeteringConfig } from './metering-config';
import { leaseFailed, observeLeaseFailure, observeLeaseReturned, observeLeasesRenewed, observeLeaseTaken, observeUsageFlush } from '@/lib/observability/metering-metrics';

const log = componentLogger('metering');

// Metering off the hot path. An instance takes a lease of credits per key (lease-statements.ts)
// and serves holds and charges of that key from memory; usage records are written behind in
// batches (flush-usage.ts). Near the edge (a quarter of what is left cannot cover a few calls)
// calls fall back to exact per-call holds in the database, and before a call is refused for
// lack of credits every lease of the account is asked back, so N instances together refuse
// exactly when one would. All database work of the leases runs one statement at a time per
// instance (`serial`), so the in-memory amounts always equal the rows.

const EDGE_MS = 1_000;
const RECALL_WAIT_MS = 2_000;
const MAX_BATCH = 1_000;
const FLUSH_AT = 500;
const MAX_BUFFER = 100_000;

type Lease = {
  userId: string;
  keyId: string;
  /** The row of this instance's lease; null while it has none. */
  id: string | null;
  /** The row's amount: unused + held by calls in flight + charged but not flushed. */
  amount: number;
  held: number;
  pending: number;
  lastUsed: number;
  /** Until then calls of this key use per-call database holds. */
  edgeUntil: number;
  taking: Promise<void> | null;
  lastTakeAt: number;
  lastTake: number;
  reservedSinceTake: number;
};

export type CallUsage = Omit<UsageRecord, 'items'> & { items?: number };

/** Charges an instance has answered for an account and not yet written: in total and per key. */
export type UnwrittenCharges = { total: number; byKey: ReadonlyMap<string, number> };

const NO_UNWRITTEN_CHARGES: UnwrittenCharges = { total: 0, byKey: new Map() };

/** A call's reservation: settle it to the real charge, or release it for an error. */
export type Ticket = {
  /** Charges `charge` (at most the hold; 0 for errors), records the call; returns credits_remaining. */
  settle(charge: number, usage: UsageRecord): Promise<number>;
  /** Charges nothing and records the failed call. */
  release(usage: CallUsage): Promise<void>;
};

/** The usage flush's name in /api/health (the meter's tick: flushes, lease give-backs and renewals). */
export const USAGE_FLUSH_LOOP = 'usage_flush';

export type ReserveResult = { ok: true; ticket: Ticket } | InsufficientCredits | KeyLimitReached | BudgetReached;

export type ReserveInput = { userId: string; keyId: string | null; requestId: string; amount: number };

/** A call with no hold (rejected before it, or free) as the writer records it. */
export type UnheldUsage = CallUsage & { userId: string; keyId: string | null; requestId: string };

/**
 * A call's usage as the buffer keeps it. Built field by field rather than by spreading the
 * record: one object of one shape per call, which the flush's column readers stay fast on.
 */
function pendingUsage(call: { userId: string; keyId: string | null; requestId: string }, usage: CallUsage, leaseId: string | null, credits: number): PendingUsage {
  return {
    requestId: call.requestId,
    userId: call.userId,
    keyId: call.keyId,
    leaseId,
    operation: usage.operation,
    tag: usage.tag,
    status: usage.status,
    items: usage.items ?? 0,
    credits,
    latencyMs: usage.latencyMs,
    source: usage.source,
    at: Date.now(),
    params: usage.params ?? null,
    errorCode: usage.errorCode ? storableText(usage.errorCode, 100) : null,
    errorMessage: usage.errorMessage ? storableText(usage.errorMessage) : null,
    platform: usage.platform ?? 'local',
    upstreamRequests: usage.upstreamRequests ?? 0,
    upstreamCached: usage.upstreamCached ?? 0,
    upstreamItems: usage.upstreamItems ?? 0,
    upstreamCostMicros: usage.upstreamCostMicros ?? 0,
  };
}

function assertSettle(charge: number, usage: UsageRecord): void {
  if (!Number.isSafeInteger(charge) || charge < 0) throw new RangeError(`charge must be an integer >= 0, got ${charge}`);
  if (usage.status >= 400 && charge !== 0) throw new RangeError(`an error response (status ${usage.status}) must not charge credits`);
}

export class Meter {
  private readonly leases = new Map<string, Lease>();
  /** The same leases by account: credits_remaining sums an account's leases on every call. */
  private readonly leasesByUser = new Map<string, Set<Lease>>();
  private readonly balances = new Map<string, number>();
  private buffer: PendingUsage[] = [];
  /** Records of a failed flush: it may have committed with its answer lost, so the retry skips those recorded. */
  private mayBeRecorded = new WeakSet<PendingUsage>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private earlyFlush: Promise<void> | null = null;
  private lastRenew = Date.now();
  private lastError = 0;
  private stopped = false;

  constructor(
    readonly config: MeteringConfig,
    readonly instance: string,
  ) {}

  /** Reserves `amount` credits for a call, from this instance's lease or with a database hold. */
  async reserve(input: ReserveInput): Promise<ReserveResult> {
    this.start();
    if (input.amount === 0) return { ok: true, ticket: this.freeTicket(input) };
    if (!input.keyId || !this.config.leases || this.stopped) return this.reserveInDatabase(input);
    let lease = this.leaseOf(input.userId, input.keyId);
    lease.lastUsed = Date.now();
    lease.reservedSinceTake += input.amount;
    for (let attempt = 0; attempt < 3 && Date.now() >= lease.edgeUntil; attempt += 1) {
      lease = this.leaseOf(input.userId, input.keyId);
      if (lease.id !== null && this.available(lease) >= input.amount) {
        lease.held += input.amount;
        if (!lease.taking && this.available(lease) < lease.lastTake / 2) this.topUp(lease, input.amount).catch((error: Error) => this.logError('lease top-up', error));
        return { ok: true, ticket: this.leaseTicket(lease, lease.id, input) };
      }
      await this.topUp(lease, input.amount);
    }
    if (Date.now() < lease.edgeUntil) await this.giveBackUnused(lease);
    return this.reserveInDatabase(input);
  }

  /** Records a call that held nothing: refused before its hold (400, 402, 403, 429 …) or free. */
  record(usage: UnheldUsage): void {
    this.start();
    this.push(pendingUsage(usage, usage, null, 0));
  }

  /** Writes every buffered usage record now, and waits for a flush already under way. */
  async flush(): Promise<void> {
    do await this.serial(() => this.flushBatch());
    while (this.buffer.length > 0);
  }

  /**
   * Writes what is buffered now, in batches; records that arrive meanwhile wait for the next
   * tick. (Draining until empty, as flush does, never stops under steady load: it turned the
   * 100 ms write-behind into back-to-back flushes, dozens of commits a second.) Also what a
   * dashboard page asks for before it reads usage (write-answered-usage.ts).
   */
  async flushBuffered(): Promise<void> {
    for (let batches = Math.ceil(this.buffer.length / MAX_BATCH); batches > 0; batches -= 1) await this.serial(() => this.flushBatch());
    // A flush already under way has taken its batch out of the buffer but not written it yet:
    // waiting for it is what makes "written" true for every call answered before this one.
    // (A page and its layout ask at once: the second found the buffer empty and read too early.)
    await this.serial(async () => undefined);
  }

  /**
   * Flushes, gives every lease back and stops the timer: the shutdown path. Bounded in time
   * (a database that does not answer must not hold the shutdown): what it could not write is
   * what a crash loses, and the leases return when they expire.
   */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    forgetLoop(USAGE_FLUSH_LOOP);
    const finish = async () => {
      for (let attempt = 0; attempt < 3 && this.buffer.length > 0; attempt += 1) {
        await this.flush().catch((error: Error) => this.logError('final usage flush', error));
      }
      for (const lease of [...this.leases.values()]) await this.giveBackUnused(lease, true).catch((error: Error) => this.logError('lease give-back', error));
      await this.queue.catch(() => undefined);
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.error({ unwritten: this.buffer.length }, `stopped after ${timeoutMs} ms with ${this.buffer.length} usage record(s) unwritten`);
        resolve();
      }, timeoutMs);
    });
    await Promise.race([finish(), timeout]);
    clearTimeout(timer);
  }

  /** What /metrics reports of this meter: leases held, the credits in them, usage records not yet written. */
  figures(): { open: number; credits: number; buffered: number } {
    let open = 0;
    let credits = 0;
    for (const lease of this.leases.values()) {
      if (lease.id === null) continue;
      open += 1;
      credits += lease.amount;
    }
    return { open, credits, buffered: this.buffer.length };
  }

  /** The balance this instance sees for an account: database balance plus its unused leases; null when unknown. */
  view(userId: string): number | null {
    const balance = this.balances.get(userId);
    if (balance === undefined) return null;
    let unused = 0;
    for (const lease of this.leasesByUser.get(userId) ?? []) unused += Math.max(0, this.available(lease));
    return balance + unused;
  }

  /**
   * Reads an account's figures from the database (`read`) together with the charges this
   * instance has answered for the account and not yet written. The database counts a lease in
   * full until the usage flush moves a charge out of it, so a balance read there lags the
   * answers by up to a flush interval; a reader takes `total` off it. While such charges exist,
   * the read runs between this instance's metering statements (`serial`): then the lease rows
   * it reads are the ones this meter knows, and no flush can have written a charge that is
   * still counted as unwritten (or the reverse). Without any, it reads at once.
   */
  async readWithUnwritten<T>(userId: string, read: () => Promise<T>): Promise<{ value: T; unwritten: UnwrittenCharges }> {
    if (this.unwrittenOf(userId).total === 0) return { value: await read(), unwritten: NO_UNWRITTEN_CHARGES };
    return this.serial(async () => {
      const value = await read();
      return { value, unwritten: this.unwrittenOf(userId) };
    });
  }

  /** The charges of an account's leases here that are answered and not yet written (`pending`). */
  private unwrittenOf(userId: string): UnwrittenCharges {
    let total = 0;
    let byKey: Map<string, number> | null = null;
    for (const lease of this.leasesByUser.get(userId) ?? []) {
      if (lease.pending === 0) continue;
      total += lease.pending;
      byKey ??= new Map();
      byKey.set(lease.keyId, (byKey.get(lease.keyId) ?? 0) + lease.pending);
    }
    return byKey ? { total, byKey } : NO_UNWRITTEN_CHARGES;
  }

  private start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.config.flushIntervalMs);
    this.timer.unref();
  }

  private available(lease: Lease): number {
    return lease.amount - lease.held - lease.pending;
  }

  private leaseOf(userId: string, keyId: string): Lease {
    let lease = this.leases.get(keyId);
    if (!lease) {
      lease = { userId, keyId, id: null, amount: 0, held: 0, pending: 0, lastUsed: Date.now(), edgeUntil: 0, taking: null, lastTakeAt: Date.now(), lastTake: 0, reservedSinceTake: 0 };
      this.leases.set(keyId, lease);
      const ofUser = this.leasesByUser.get(userId) ?? new Set<Lease>();
      ofUser.add(lease);
      this.leasesByUser.set(userId, ofUser);
    }
    return lease;
  }

  /** One database statement at a time for this instance's leases and flushes. */
  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Takes or tops up the lease, sized to about two seconds of this key's recent demand (docs/metering.md); single-flight. */
  private topUp(lease: Lease, callAmount: number): Promise<void> {
    lease.taking ??= this.serial(async () => {
      const now = Date.now();
      const perSecond = (lease.reservedSinceTake * 1_000) / Math.max(now - lease.lastTakeAt, 50);
      const want = Math.max(Math.min(Math.ceil(2 * perSecond), this.config.leaseMaxCredits), 16 * callAmount);
      const taken = await takeLease({ userId: lease.userId, keyId: lease.keyId, instanceId: this.instance, want, atLeast: 2 * callAmount, ttlMs: this.config.leaseTtlMs }).catch(leaseFailed('take'));
      this.balances.set(lease.userId, taken.balance);
      if (taken.leaseId === null) {
        lease.edgeUntil = Date.now() + EDGE_MS;
        return;
      }
      // A different row means ours was reclaimed meanwhile: its charges were refunded with it.
      if (lease.id !== null && lease.id !== taken.leaseId) lease.pending = 0;
      lease.lastTake = taken.leaseAmount - (lease.id === taken.leaseId ? lease.amount : 0);
      observeLeaseTaken(lease.lastTake);
      lease.id = taken.leaseId;
      lease.amount = taken.leaseAmount;
      lease.lastTakeAt = now;
      lease.reservedSinceTake = 0;
    }).finally(() => {
      lease.taking = null;
    });
    return lease.taking;
  }

  /** Returns the lease's unused credits to the balance; `close` also ends it when nothing is in flight. */
  private giveBackUnused(lease: Lease, close = false, answerRecall = false): Promise<void> {
    return this.serial(async () => {
      if (lease.id === null) return;
      const ending = close && lease.held === 0 && lease.pending === 0;
      const amount = ending ? lease.amount : Math.max(0, this.available(lease));
      if (amount === 0 && !ending && !answerRecall) return;
      // Out of the in-memory lease before the await, so no call reserves what is being returned.
      lease.amount -= amount;
      let result;
      try {
        result = await giveBackLease({ leaseId: lease.id, amount, instanceId: this.instance, close: ending, ttlMs: this.config.leaseTtlMs });
      } catch (error) {
        lease.amount += amount;
        observeLeaseFailure('return');
        throw error;
      }
      observeLeaseReturned();
      if (result.found) this.balances.set(lease.userId, result.balance);
      if (!result.found || ending) {
        lease.id = null;
        lease.amount = 0;
        lease.pending = 0;
      }
      if (ending && !lease.taking && this.leases.get(lease.keyId) === lease) {
        this.leases.delete(lease.keyId);
        const ofUser = this.leasesByUser.get(lease.userId);
        ofUser?.delete(lease);
        if (!ofUser || ofUser.size === 0) {
          this.leasesByUser.delete(lease.userId);
          this.balances.delete(lease.userId);
        }
      }
    });
  }

  private async reserveInDatabase(input: ReserveInput): Promise<ReserveResult> {
    let hold = await placeHold(input);
    // Before refusing, every lease of the account gives its unused credits back: exact at the edge.
    if (!hold.ok && (await this.freeLeasedCredits(input.userId))) hold = await placeHold(input);
    if (!hold.ok) return hold;
    // Balances of accounts without a lease here are only a convenience: keep the map bounded.
    if (this.balances.size > 10_000) this.balances.clear();
    this.balances.set(input.userId, hold.balance);
    const { holdId } = hold;
    return {
      ok: true,
      ticket: {
        settle: async (charge, usage) => {
          this.balances.set(input.userId, await settleHold({ holdId, charge, usage }));
          return this.view(input.userId) ?? 0;
        },
        release: async (usage) => {
          this.balances.set(input.userId, await releaseHold({ holdId, usage }));
        },
      },
    };
  }

  /**
   * Gives back this instance's unused leases of the account and recalls the others'; true when
   * any existed. True also for a lease of this instance with nothing unused left: another call
   * may have given its credits back after this call's hold was refused (and before this call
   * looked), and this call must still try again (200 calls arriving at once on a key limit for
   * 150 got 134 successes without that).
   */
  private async freeLeasedCredits(userId: string): Promise<boolean> {
    const own = [...(this.leasesByUser.get(userId) ?? [])].filter((l) => l.id !== null);
    for (const lease of own) {
      lease.edgeUntil = Date.now() + EDGE_MS;
      await this.giveBackUnused(lease);
    }
    const recalled = await recallLeases(userId, this.instance);
    if (recalled.length === 0) return own.length > 0;
    const deadline = Date.now() + RECALL_WAIT_MS;
    while (Date.now() < deadline && (await recallsPending(recalled)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    return true;
  }

  private leaseTicket(lease: Lease, leaseId: string, input: ReserveInput): Ticket {
    return new LeaseTicket(this, lease, leaseId, input);
  }

  /** A lease call's end (LeaseTicket): its hold leaves the lease and its usage is buffered. */
  finishLeaseCall(lease: Lease, leaseId: string, input: ReserveInput, charge: number, usage: CallUsage): void {
    lease.held -= input.amount;
    lease.lastUsed = Date.now();
    // A lease replaced meanwhile was reclaimed with this call's credits in it: the call goes free.
    const charged = charge > 0 && lease.id === leaseId ? charge : 0;
    lease.pending += charged;
    this.push(pendingUsage(input, usage, charged > 0 ? leaseId : null, charged));
    if (Date.now() < lease.edgeUntil) this.giveBackUnused(lease).catch((error: Error) => this.logError('lease give-back', error));
  }

  private freeTicket(input: ReserveInput): Ticket {
    return {
      settle: async (charge, usage) => {
        assertSettle(charge, usage);
        if (charge !== 0) throw new RangeError('a free call cannot charge');
        this.record({ ...usage, userId: input.userId, keyId: input.keyId, requestId: input.requestId });
        return this.view(input.userId) ?? (await getBalance(input.userId));
      },
      release: async (usage) => this.record({ ...usage, userId: input.userId, keyId: input.keyId, requestId: input.requestId }),
    };
  }

  private push(record: PendingUsage): void {
    if (this.buffer.length >= MAX_BUFFER) {
      // The database has been away for long: the oldest records go, and with them their charges
      // (the credits stay in the lease and return to the balance). Never an over-charge.
      const dropped = this.buffer.shift();
      if (dropped) this.forgetCharge(dropped);
    }
    this.buffer.push(record);
    // One early flush at a time: every push past the mark would otherwise queue another.
    if (this.buffer.length >= FLUSH_AT && !this.earlyFlush) {
      this.earlyFlush = this.flushBuffered()
        .catch((error: Error) => this.logError('usage flush', error))
        .finally(() => {
          this.earlyFlush = null;
        });
    }
  }

  /** A record that will never be written: its charge stays in the lease, unused again. */
  private forgetCharge(record: PendingUsage): void {
    const lease = record.leaseId ? [...this.leases.values()].find((l) => l.id === record.leaseId) : undefined;
    if (lease) lease.pending -= record.credits;
  }

  private async flushBatch(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer.splice(0, MAX_BATCH);
    let result;
    const started = performance.now();
    try {
      result = await flushUsage(batch, { mayBeRecorded: batch.some((record) => this.mayBeRecorded.has(record)) });
      observeUsageFlush(batch.length, (performance.now() - started) / 1000, true);
    } catch (error) {
      observeUsageFlush(batch.length, (performance.now() - started) / 1000, false);
      // Bad data (SQLSTATE classes 22, 23) would fail forever: drop that batch, loudly; its
      // charges stay in the lease and go back to the balance. Anything else is retried.
      const code = String((error as { code?: string }).code ?? '');
      if (code.startsWith('22') || code.startsWith('23')) {
        log.error({ dropped: batch.length, err: error }, `dropped ${batch.length} usage record(s) the database refused: ${(error as Error).message}`);
        for (const record of batch) this.forgetCharge(record);
        return;
      }
      for (const record of batch) this.mayBeRecorded.add(record);
      this.buffer.unshift(...batch);
      throw error;
    }
    const charged = new Map<string, number>();
    for (const record of batch) if (record.leaseId) charged.set(record.leaseId, (charged.get(record.leaseId) ?? 0) + record.credits);
    for (const lease of this.leases.values()) {
      if (lease.id === null || !charged.has(lease.id)) continue;
      const debited = result.debited.get(lease.id);
      if (debited === undefined) {
        // The row is gone (reclaimed): those calls were recorded free.
        lease.id = null;
        lease.amount = 0;
        lease.pending = 0;
        continue;
      }
      lease.amount -= debited;
      lease.pending -= charged.get(lease.id) ?? 0;
    }
    for (const [userId, balance] of result.balances) this.balances.set(userId, balance);
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.flushBuffered();
      if (this.leases.size > 0) await this.tendLeases();
      if (reportLoopUp(USAGE_FLUSH_LOOP)) log.info('usage flushes and lease renewals work again');
    } catch (error) {
      reportLoopDown(USAGE_FLUSH_LOOP, error);
      this.logError('metering tick', error as Error);
    } finally {
      this.ticking = false;
    }
  }

  /** Gives back the leases another instance recalled or that sat idle too long, and renews the rest. */
  private async tendLeases(): Promise<void> {
    const recalled = new Set(await this.serial(() => recalledLeases(this.instance)));
    const now = Date.now();
    for (const lease of [...this.leases.values()]) {
      if (lease.id !== null && recalled.has(lease.id)) {
        lease.edgeUntil = now + EDGE_MS;
        await this.giveBackUnused(lease, false, true);
      } else if (now - lease.lastUsed > this.config.leaseIdleMs && lease.held === 0) {
        await this.giveBackUnused(lease, true);
      }
    }
    if (now - this.lastRenew > this.config.leaseTtlMs / 3 && this.leases.size > 0) {
      const ids = [...this.leases.values()].flatMap((lease) => (lease.id === null ? [] : [lease.id]));
      await this.serial(() => renewLeases(this.instance, ids, this.config.leaseTtlMs).catch(leaseFailed('renew')));
      observeLeasesRenewed(ids.length);
      this.lastRenew = now;
    }
  }

  private logError(what: string, error: Error): void {
    // At most one line a second: an outage must not flood the log.
    if (Date.now() - this.lastError < 1_000) return;
    this.lastError = Date.now();
    log.error(`${what} failed: ${error.message}`);
  }
}

/**
 * The ticket of a call served from a lease. A class rather than an object of closures: one
 * is made per call, and three closures per call were a visible share of its allocations.
 */
class LeaseTicket implements Ticket {
  private done = false;

  constructor(
    private readonly meter: Meter,
    private readonly lease: Lease,
    private readonly leaseId: string,
    private readonly input: ReserveInput,
  ) {}

  async settle(charge: number, usage: UsageRecord): Promise<number> {
    assertSettle(charge, usage);
    if (charge > this.input.amount) throw new RangeError(`charge ${charge} exceeds the hold of ${this.input.amount} credits`);
    this.finish(charge, usage);
    return this.meter.view(this.input.userId) ?? 0;
  }

  async release(usage: CallUsage): Promise<void> {
    this.finish(0, usage);
  }

  private finish(charge: number, usage: CallUsage): void {
    if (this.done) throw new Error(`request ${this.input.requestId} settled twice`);
    this.done = true;
    this.meter.finishLeaseCall(this.lease, this.leaseId, this.input, charge, usage);
  }
}

const globalForMeter = globalThis as typeof globalThis & { perchMeter?: Meter };

/** The process-wide meter (shared by server.ts and the Next.js bundle's copy of this module). */
export function getMeter(): Meter {
  globalForMeter.perchMeter ??= new Meter(readMeteringConfig(), instanceId());
  return globalForMeter.perchMeter;
}

/** The process meter's figures for /metrics (Meter.figures); zeros in a process that meters no calls. */
export function meterFigures(): { open: number; credits: number; buffered: number } {
  return globalForMeter.perchMeter?.figures() ?? { open: 0, credits: 0, buffered: 0 };
}

/** Writes buffered usage records now (tests, and before reading usage in-process). */
export async function flushMetering(): Promise<void> {
  await globalForMeter.perchMeter?.flush();
}

/** Writes the usage records buffered now (Meter.flushBuffered); nothing in a process that meters no calls. */
export async function flushBufferedUsage(): Promise<void> {
  await globalForMeter.perchMeter?.flushBuffered();
}

/**
 * Reads an account's figures from the database with the charges this process has answered for
 * it and not yet written (Meter.readWithUnwritten); none in a process that meters no calls.
 */
export async function readWithUnwrittenCharges<T>(userId: string, read: () => Promise<T>): Promise<{ value: T; unwritten: UnwrittenCharges }> {
  const meter = globalForMeter.perchMeter;
  if (!meter) return { value: await read(), unwritten: NO_UNWRITTEN_CHARGES };
  return meter.readWithUnwritten(userId, read);
}

/** Shutdown: flush usage and give all leases back; a later call starts a fresh meter. */
export async function stopMetering(): Promise<void> {
  const meter = globalForMeter.perchMeter;
  globalForMeter.perchMeter = undefined;
  await meter?.stop();
}
