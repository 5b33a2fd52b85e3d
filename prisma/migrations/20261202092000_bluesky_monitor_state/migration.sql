-- Issue 32: what the Bluesky source of account monitors keeps between stream events.
--
-- A follow record's delete on the stream names only its author and record key: which account it
-- followed is known only from the record itself. bluesky_monitor_follows keeps the follow records
-- that touch a monitored account (author or subject), filled from the stream and, when the account
-- starts being monitored, from the AppView (its follows and followers with their follow records).
CREATE TABLE bluesky_monitor_follows (
  author_did  text NOT NULL,
  rkey        text NOT NULL,
  subject_did text NOT NULL,
  PRIMARY KEY (author_did, rkey)
);
CREATE INDEX bluesky_monitor_follows_subject ON bluesky_monitor_follows (subject_did);

-- Per monitored DID: the last known profile fields (PROFILE_FIELDS of lib/delivery/event-data.ts,
-- as the record says them) to compute old and new values, its handle (for events about an
-- account the AppView no longer shows), whether it is available, and when its follow records were
-- seeded (null: not yet, or since no follows monitor watches it).
CREATE TABLE bluesky_monitor_accounts (
  did               text PRIMARY KEY,
  handle            text,
  profile           jsonb,
  available         boolean NOT NULL DEFAULT true,
  follows_seeded_at timestamptz(3),
  updated_at        timestamptz(3) NOT NULL DEFAULT now()
);
