-- Per-account low-balance alert: below the threshold the dashboard shows a banner (0 turns it
-- off). An account without a row uses the default threshold.
CREATE TABLE "balance_alerts" (
    "user_id" TEXT NOT NULL,
    "threshold" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balance_alerts_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "balance_alerts_threshold_check" CHECK ("threshold" >= 0)
);

ALTER TABLE "balance_alerts" ADD CONSTRAINT "balance_alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
