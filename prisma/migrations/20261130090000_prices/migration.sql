-- Prices, upstream costs and margin (issue 31). Every table keeps its history: a row takes
-- effect at effective_from and stays in force until a later row of the same key does, so usage
-- is always priced as it was and a change can be scheduled. Without a row an operation costs
-- the seed's price (the operation's cost in lib/api/operations) on every platform.

-- The price list: credits per item (or per call) of an operation on a platform, and an
-- optional per-call minimum.
CREATE TABLE prices (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform       text NOT NULL CHECK (platform IN ('local', 'bluesky', 'x')),
  operation      text NOT NULL,
  unit_credits   integer NOT NULL CHECK (unit_credits >= 0 AND unit_credits <= 1000000),
  min_credits    integer CHECK (min_credits >= 0 AND min_credits <= 1000000),
  effective_from timestamptz(3) NOT NULL DEFAULT now(),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  created_by     text NOT NULL,
  UNIQUE (platform, operation, effective_from)
);

-- An enterprise workspace's own terms: a discount on the price list, or a price of its own,
-- for one operation or all (operation null) on one platform or all (platform null).
CREATE TABLE price_overrides (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  platform         text CHECK (platform IN ('local', 'bluesky', 'x')),
  operation        text,
  discount_percent integer CHECK (discount_percent >= 0 AND discount_percent <= 100),
  unit_credits     integer CHECK (unit_credits >= 0 AND unit_credits <= 1000000),
  -- A withdrawn row ends the override from effective_from on (history kept).
  withdrawn        boolean NOT NULL DEFAULT false,
  effective_from   timestamptz(3) NOT NULL DEFAULT now(),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  created_by       text NOT NULL,
  CHECK (withdrawn OR (discount_percent IS NULL) <> (unit_credits IS NULL))
);
CREATE INDEX price_overrides_user_id_idx ON price_overrides (user_id);

-- What serving an operation costs the operator upstream, in millionths of the operator's
-- currency: per upstream request, and per item the upstream returned (X prices reads per post
-- and per user).
CREATE TABLE upstream_costs (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform           text NOT NULL CHECK (platform IN ('local', 'bluesky', 'x')),
  operation          text NOT NULL,
  per_request_micros bigint NOT NULL DEFAULT 0 CHECK (per_request_micros >= 0),
  per_item_micros    bigint NOT NULL DEFAULT 0 CHECK (per_item_micros >= 0),
  effective_from     timestamptz(3) NOT NULL DEFAULT now(),
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  created_by         text NOT NULL,
  UNIQUE (platform, operation, effective_from)
);

-- What one credit is worth in the operator's currency (millionths), for money in and margin.
CREATE TABLE credit_values (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  micros_per_credit bigint NOT NULL CHECK (micros_per_credit >= 0),
  currency          text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  effective_from    timestamptz(3) NOT NULL DEFAULT now(),
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  created_by        text NOT NULL,
  UNIQUE (effective_from)
);

-- Each call's platform and what it asked upstream: requests, how many of them the upstream
-- cache answered, items the upstream returned, and their cost when the call was made. Rows
-- from before this migration did not record a platform: 'unknown'.
ALTER TABLE usage_events
  ADD COLUMN platform text NOT NULL DEFAULT 'unknown',
  ADD COLUMN upstream_requests integer NOT NULL DEFAULT 0,
  ADD COLUMN upstream_cached integer NOT NULL DEFAULT 0,
  ADD COLUMN upstream_items integer NOT NULL DEFAULT 0,
  ADD COLUMN upstream_cost_micros bigint NOT NULL DEFAULT 0;

ALTER TABLE usage_daily
  ADD COLUMN platform text NOT NULL DEFAULT 'unknown',
  ADD COLUMN upstream_requests bigint NOT NULL DEFAULT 0,
  ADD COLUMN upstream_cached bigint NOT NULL DEFAULT 0,
  ADD COLUMN upstream_items bigint NOT NULL DEFAULT 0,
  ADD COLUMN upstream_cost_micros bigint NOT NULL DEFAULT 0;
ALTER TABLE usage_daily DROP CONSTRAINT usage_daily_pkey;
ALTER TABLE usage_daily ADD PRIMARY KEY (user_id, key_id, day, operation, platform);
