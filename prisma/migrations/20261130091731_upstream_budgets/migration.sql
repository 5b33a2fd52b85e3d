-- Upstream request budgets (issue 31): one row per platform and window, shared by every
-- instance. An instance claims a few requests at a time (lib/platform/upstream-budget.ts) with
-- one UPDATE that never lets used pass limit_requests, and spends them in memory. Windows are
-- aligned to the Unix epoch, so every instance names the same row without asking.
CREATE TABLE upstream_budgets (
  platform       text NOT NULL CHECK (platform IN ('bluesky', 'x')),
  window_seconds integer NOT NULL CHECK (window_seconds > 0),
  window_start   timestamptz(3) NOT NULL,
  window_end     timestamptz(3) NOT NULL,
  -- The budget of the instance that claimed last (a deploy that changes it takes effect at once).
  limit_requests integer NOT NULL CHECK (limit_requests > 0),
  -- Requests claimed by instances in this window: spent, or held by an instance to spend.
  used           integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  -- The size of the last claim: PostgreSQL 15 has no RETURNING old, and the claimer must learn
  -- what it got when fewer than it asked for were left.
  last_claim     integer NOT NULL DEFAULT 0 CHECK (last_claim >= 0),
  -- Calls answered 429 because this window was spent (added up by each instance every second).
  refused        integer NOT NULL DEFAULT 0 CHECK (refused >= 0),
  updated_at     timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (platform, window_seconds, window_start),
  CHECK (used <= limit_requests)
);
