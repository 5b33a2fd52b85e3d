-- Real-time rules on Bluesky (issue 12, point 2): a rule watches the platform of the request
-- that created it, Bluesky ids are text (<DID>~<rkey>, DIDs), and the Bluesky event source keeps
-- its stream position here so a restart resumes where the last committed batch ended.

ALTER TABLE realtime_rules ADD COLUMN platform text NOT NULL DEFAULT 'local' CHECK (platform IN ('local', 'bluesky', 'x'));
-- Monitored accounts' ids in the platform's own syntax: decimal ids on the embedded platform, DIDs on Bluesky.
ALTER TABLE realtime_rules ALTER COLUMN account_ids DROP DEFAULT;
ALTER TABLE realtime_rules ALTER COLUMN account_ids TYPE text[] USING account_ids::text[];
ALTER TABLE realtime_rules ALTER COLUMN account_ids SET DEFAULT '{}';
DROP INDEX realtime_rules_active;
CREATE INDEX realtime_rules_active ON realtime_rules (platform, id) WHERE status = 'active';

-- A match names its tweet by the platform's id: a decimal id, or <DID>~<rkey> on Bluesky.
ALTER TABLE realtime_matches ALTER COLUMN tweet_id TYPE text USING tweet_id::text;

-- The embedded platform's trigger queues its tweets only for rules that watch it.
CREATE OR REPLACE FUNCTION realtime_queue_new_tweets() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN IF EXISTS (SELECT 1 FROM realtime_rules WHERE status = ''active'' AND platform = ''local'') THEN INSERT INTO realtime_tweet_queue (tweet_id) SELECT id FROM new_tweets ON CONFLICT DO NOTHING\073 PERFORM pg_notify(''perch_realtime_tweets'', '''')\073 END IF\073 RETURN NULL\073 END';

-- Where an external event stream was last read up to, per stream (its URL): Jetstream's
-- time_us or the firehose's seq. Written in the transaction that records the batch's matches.
CREATE TABLE realtime_stream_cursors (
  source     text PRIMARY KEY,
  cursor     bigint NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
