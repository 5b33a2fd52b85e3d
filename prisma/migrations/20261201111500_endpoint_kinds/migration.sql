-- Endpoint kinds (issue 32): besides signed HTTPS webhooks, an endpoint may be a Slack or a
-- Discord incoming-webhook URL (a readable message per event) or an email address (a digest).
-- Every kind keeps the same deliveries, retries, circuit breaker, test and replay: the kind only
-- decides how a delivery is sent (lib/delivery/deliver-webhook.ts).
ALTER TABLE realtime_endpoints ADD COLUMN kind text NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'slack', 'discord', 'email'));
-- email only: where the digest goes (url stays NOT NULL: an email endpoint stores 'mailto:<address>').
ALTER TABLE realtime_endpoints ADD COLUMN email_to text;
-- email only: at most one digest mail per this many minutes (0: a mail as soon as events are due).
ALTER TABLE realtime_endpoints ADD COLUMN digest_minutes integer CHECK (digest_minutes IS NULL OR (digest_minutes >= 0 AND digest_minutes <= 1440));
-- email only: when the last digest was queued: the next one waits until digest_minutes after it.
ALTER TABLE realtime_endpoints ADD COLUMN last_digest_at timestamptz(3);
ALTER TABLE realtime_endpoints ADD CONSTRAINT realtime_endpoints_email_kind CHECK ((kind = 'email') = (email_to IS NOT NULL AND digest_minutes IS NOT NULL));
