-- Stripe Checkout payments that granted credits: one row per payment, unique on the event
-- and on the checkout session, so a webhook delivered twice grants once.
CREATE TABLE "stripe_payments" (
    "event_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "credits" BIGINT NOT NULL,
    "amount_total" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_payments_pkey" PRIMARY KEY ("event_id")
);

CREATE UNIQUE INDEX "stripe_payments_session_id_key" ON "stripe_payments"("session_id");
CREATE INDEX "stripe_payments_user_id_created_at_idx" ON "stripe_payments"("user_id", "created_at");

ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
