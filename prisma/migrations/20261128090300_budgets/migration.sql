-- Budgets (issue 28): daily and monthly caps per key and per workspace, beside a key's lifetime
-- credit_limit, in the workspace's time zone, with alerts at chosen percentages.
--
-- Exactness: a cap is checked in the same statement that places a hold or takes a lease, on
-- locked rows, like the lifetime limit. Credits in flight (open holds and leases) count against
-- whichever period is current, and a charge counts in the period in which it is written, so
-- spent(period) + in flight + the new hold never passes the cap at any moment, across instances.
-- A key's in-flight credits are its credits_held + credits_leased, and a workspace's are the new
-- credit_balances.reserved, kept by every statement that moves credits into or out of holds and
-- leases. Each scope's spend of the current day and month sits beside it (day_start and
-- month_start are the local dates the counters belong to, and a counter of an older period reads 0).

-- The period a moment falls in, in a time zone: the local date of its day or of its month's first day.
CREATE FUNCTION "perch_period_start"("period" text, "tz" text, "at" timestamptz) RETURNS date LANGUAGE sql STABLE AS E'
  SELECT date_trunc(period, at AT TIME ZONE tz)::date
';

-- When that period ends (the next one starts), as an instant.
CREATE FUNCTION "perch_period_end"("period" text, "tz" text, "at" timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS E'
  SELECT (date_trunc(period, at AT TIME ZONE tz) + (''1 '' || period)::interval) AT TIME ZONE tz
';

-- True for a time zone name PostgreSQL knows, an error (22023) for any other: the CHECK below.
CREATE FUNCTION "perch_known_time_zone"("tz" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS E'
  SELECT (timestamptz ''2000-01-01 00:00:00+00'' AT TIME ZONE tz) IS NOT NULL
';

ALTER TABLE "workspaces"
  ADD COLUMN "daily_budget" bigint CHECK ("daily_budget" >= 0),
  ADD COLUMN "monthly_budget" bigint CHECK ("monthly_budget" >= 0),
  ADD COLUMN "time_zone" text NOT NULL DEFAULT 'UTC' CHECK (perch_known_time_zone("time_zone")),
  -- Shared by the workspace's own budgets and its keys' budgets.
  ADD COLUMN "budget_alert_percents" integer[] NOT NULL DEFAULT '{80,100}'
    CHECK (cardinality("budget_alert_percents") <= 10 AND 0 < ALL ("budget_alert_percents") AND 100 >= ALL ("budget_alert_percents"));

ALTER TABLE "api_keys"
  ADD COLUMN "daily_budget" bigint CHECK ("daily_budget" >= 0),
  ADD COLUMN "monthly_budget" bigint CHECK ("monthly_budget" >= 0),
  ADD COLUMN "day_start" date,
  ADD COLUMN "day_spent" bigint NOT NULL DEFAULT 0,
  ADD COLUMN "month_start" date,
  ADD COLUMN "month_spent" bigint NOT NULL DEFAULT 0;

ALTER TABLE "credit_balances"
  ADD COLUMN "reserved" bigint NOT NULL DEFAULT 0,
  ADD COLUMN "day_start" date,
  ADD COLUMN "day_spent" bigint NOT NULL DEFAULT 0,
  ADD COLUMN "month_start" date,
  ADD COLUMN "month_spent" bigint NOT NULL DEFAULT 0;

UPDATE "credit_balances" b SET "reserved" =
    coalesce((SELECT sum("amount") FROM "credit_holds" h WHERE h."user_id" = b."user_id"), 0)
  + coalesce((SELECT sum("amount") FROM "credit_leases" l WHERE l."user_id" = b."user_id"), 0);

-- One row per alert sent: the primary key makes each threshold fire once per period.
-- key_id is '' for the workspace's own budget.
CREATE TABLE "budget_alerts" (
  "workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
  "key_id"       text NOT NULL,
  "period"       text NOT NULL CHECK ("period" IN ('day', 'month')),
  "period_start" date NOT NULL,
  "percent"      integer NOT NULL,
  "budget"       bigint NOT NULL,
  "spent"        bigint NOT NULL,
  "resets_at"    timestamptz(3) NOT NULL,
  "sent_at"      timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("workspace_id", "key_id", "period", "period_start", "percent")
);

-- The alert's signed webhook event, delivered like account.balance_low.
ALTER TABLE realtime_deliveries DROP CONSTRAINT realtime_deliveries_event_check;
ALTER TABLE realtime_deliveries ADD CONSTRAINT realtime_deliveries_event_check CHECK (event IN ('rule.match', 'test', 'account.balance_low', 'budget.threshold'));
