-- Exports (issue 29): whole datasets paged through a /v2 read operation as a resumable job.
-- One row per job. Each committed page moves `position`, `items`, `credits_charged` and
-- `file_bytes` together, in the transaction that settles the page's credit hold, so a job that
-- dies mid-page resumes from the last committed page on any instance: the file is cut back to
-- `file_bytes` and the page is read again. `epoch` fences runners: a runner whose claim was taken
-- over (its lease ran out) can no longer commit.
CREATE TABLE exports (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key_id           text REFERENCES api_keys (id) ON DELETE SET NULL,
  created_by       text,
  operation        text NOT NULL,
  platform         text NOT NULL,
  -- The operation's validated inputs: {path: {...}, values: {...}} (values = query or body).
  params           jsonb NOT NULL,
  format           text NOT NULL CHECK (format IN ('jsonl', 'csv')),
  max_items        bigint CHECK (max_items > 0),
  max_credits      bigint CHECK (max_credits > 0),
  -- Credits per item when the export was made: every page of it is charged at this price.
  unit_price       bigint NOT NULL CHECK (unit_price >= 0),
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'paused', 'completed', 'failed', 'cancelled')),
  paused_reason    text CHECK (paused_reason IN ('insufficient_credits', 'key_limit_reached', 'key_budget_reached', 'workspace_budget_reached', 'rate_limited', 'upstream_unavailable')),
  stop_reason      text CHECK (stop_reason IN ('exhausted', 'max_items', 'max_credits')),
  error_code       text,
  error_message    text,
  items            bigint NOT NULL DEFAULT 0,
  credits_charged  bigint NOT NULL DEFAULT 0,
  pages            integer NOT NULL DEFAULT 0,
  -- The keyset position after the last committed page (null before the first).
  position         jsonb,
  file_bytes       bigint NOT NULL DEFAULT 0,
  estimate_items   bigint,
  estimate_credits bigint,
  epoch            integer NOT NULL DEFAULT 0,
  lease_owner      text,
  lease_until      timestamptz(3),
  -- When a waiting job may go on (an upstream's rate-limit reset, a transient error's backoff).
  resume_at        timestamptz(3),
  -- The first transient upstream error of the current run of them (reset by a committed page).
  failing_since    timestamptz(3),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  started_at       timestamptz(3),
  finished_at      timestamptz(3),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((status = 'paused') = (paused_reason IS NOT NULL))
);
CREATE INDEX exports_owner ON exports (user_id, id DESC);
CREATE INDEX exports_unfinished ON exports (id) WHERE status IN ('queued', 'running', 'paused');
CREATE INDEX exports_finished ON exports (finished_at) WHERE finished_at IS NOT NULL;
