-- Real-time rules on X (issue 12, point 2): X has no event stream Perch can read with an app
-- token, so the X source polls recent search per rule. A rule on X chooses how often (seconds,
-- null elsewhere), and each of its X queries (an account rule may need several) keeps the
-- newest tweet id it has matched up to, written in the transaction that records the matches.

ALTER TABLE realtime_rules ADD COLUMN interval_seconds integer CHECK (interval_seconds BETWEEN 10 AND 86400);

CREATE TABLE realtime_x_positions (
  rule_id    bigint NOT NULL REFERENCES realtime_rules (id) ON DELETE CASCADE,
  -- The X query polled: a replaced rule polls new queries, which start from their first sight.
  query      text NOT NULL,
  -- X's since_id: null until a poll found a tweet, and till then polls ask for tweets since started_at.
  since_id   text,
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, query)
);
