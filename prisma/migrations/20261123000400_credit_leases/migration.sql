-- Credit leases: an instance takes credits from an account's balance (and, for a key with a
-- spending limit, from that limit) in one statement and serves that key's holds and charges
-- from memory. `amount` is every credit taken from the balance that no usage event accounts
-- for yet: the unused part, the holds of calls in flight and the charges not yet flushed.
-- Ledger: grants = balance + Σ usage charges + Σ open holds + Σ lease amounts.
CREATE TABLE "credit_leases" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set by another instance that refused a call for lack of credits: give the unused part back.
    "recalled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_leases_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "credit_leases_instance_id_key_id_key" ON "credit_leases"("instance_id", "key_id");
CREATE INDEX "credit_leases_user_id_idx" ON "credit_leases"("user_id");
CREATE INDEX "credit_leases_key_id_idx" ON "credit_leases"("key_id");
CREATE INDEX "credit_leases_expires_at_idx" ON "credit_leases"("expires_at");

ALTER TABLE "credit_leases" ADD CONSTRAINT "credit_leases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credit_leases" ADD CONSTRAINT "credit_leases_amount_nonnegative" CHECK ("amount" >= 0);

-- Σ lease amounts per key, next to credits_spent and credits_held: the key-limit check of a
-- hold or a lease reads spent + held + leased in its own statement.
ALTER TABLE "api_keys" ADD COLUMN "credits_leased" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_credits_leased_nonnegative" CHECK ("credits_leased" >= 0);

-- The write-behind usage writer skips events already recorded (a flush that committed but whose
-- answer was lost is retried), and tests and support look calls up by request id.
CREATE INDEX "usage_events_request_id_idx" ON "usage_events"("request_id");
