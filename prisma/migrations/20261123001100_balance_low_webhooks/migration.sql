-- account.balance_low webhook events (issue 14): sent once when an account's balance falls
-- below its alert threshold, re-armed when it is back at or above it. `notified` is that state;
-- the realtime workers flip it with a conditional UPDATE, which is the claim to send (several
-- instances never send one crossing twice).
ALTER TABLE "balance_alerts" ADD COLUMN "notified" BOOLEAN NOT NULL DEFAULT false;

-- Deliveries that are not a rule match carry their payload here (account.balance_low: {balance, threshold}).
ALTER TABLE realtime_deliveries ADD COLUMN data jsonb;
ALTER TABLE realtime_deliveries DROP CONSTRAINT realtime_deliveries_event_check;
ALTER TABLE realtime_deliveries ADD CONSTRAINT realtime_deliveries_event_check CHECK (event IN ('rule.match', 'test', 'account.balance_low'));
