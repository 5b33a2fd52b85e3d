export { grantCredits } from './grant-credits';
export { getBalance } from './get-balance';
export { placeHold } from './place-hold';
export { settleHold, releaseHold, HoldNotFoundError, type SettleHoldInput, type ReleaseHoldInput } from './settle-hold';
export { sweepStaleHolds, startHoldSweeper, type SweepResult, type HoldSweeperOptions } from './sweep-stale-holds';
export { checkLedger } from './check-ledger';
export type { PlaceHoldInput, PlaceHoldResult, HoldPlaced, InsufficientCredits, KeyLimitReached, BudgetReached, UsageRecord, UsageSource, LedgerReport } from './types';
export { reclaimExpiredLeases, type ReclaimResult } from './reclaim-expired-leases';
