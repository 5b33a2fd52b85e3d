-- Open holds per key, kept next to credits_spent so that placing a hold can check the key's
-- spending limit (credits_spent + credits_held + amount <= credit_limit) in the same single
-- statement that debits the balance: no read-modify-write, no overshoot under concurrency.
ALTER TABLE "api_keys" ADD COLUMN "credits_held" BIGINT NOT NULL DEFAULT 0;

-- checkLedger and the key-level invariant sum open holds per account and per key.
CREATE INDEX "credit_holds_user_id_idx" ON "credit_holds"("user_id");
CREATE INDEX "credit_holds_key_id_idx" ON "credit_holds"("key_id");

-- Backstops: a bug in a key or hold statement fails loudly instead of corrupting counters.
-- (Prisma neither models nor diffs CHECK constraints, so schema.prisma has no trace of them.)
-- credit_balances.balance deliberately has no CHECK (balance >= 0): PostgreSQL checks a row
-- before it learns that a concurrent transaction updated it, i.e. on the value computed from
-- the statement's stale snapshot, and only then recomputes from the current row. placeHold
-- decides on the locked, current balance, so its stale pre-computation can dip below zero and
-- such a CHECK fails spuriously under load. checkLedger is the invariant's guard instead.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_credits_held_nonnegative" CHECK ("credits_held" >= 0);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_credits_spent_nonnegative" CHECK ("credits_spent" >= 0);
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_amount_nonnegative" CHECK ("amount" >= 0);
