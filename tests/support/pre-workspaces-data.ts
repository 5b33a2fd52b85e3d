import type pg from 'pg';

// A database as it stood before workspaces (schema up to 20261127170000_delivery_attempt_times),
// filled the way months of use fill it: people with keys live, revoked and mid-rotation, grants
// (a Stripe purchase and an operator's correction among them), usage in the log and the daily
// rollup, an open hold and a lease, rules, endpoints, matches and deliveries, connections to
// every platform, alerts, idempotency records, sessions and 2FA, and one deleted account.
// Every account's ledger adds up (balance = grants − usage − holds − leases, per key too), so
// the migration can be held to keeping it so.

/** Accounts and the balance each must keep: grants − usage − open holds − leases. */
export const PEOPLE = {
  alice: { id: 'cm_alice0000000000000001', email: 'alice.smith+perch@example.com', balance: 148_000 - 1_100 - 40 - 500 },
  bob: { id: 'cm_bob000000000000000002', email: 'deleted-cm_bob000000000000000002@deleted.invalid', balance: 100_000 - 300 },
  carol: { id: 'cm_carol0000000000000003', email: 'carol@bird.example', balance: 5_000 },
  alice2: { id: 'cm_alice2000000000000004', email: 'alice@other.test', balance: 100 },
  symbols: { id: 'cm_symbols00000000000005', email: '___@x.test', balance: 0 },
  long: { id: 'cm_long00000000000000006', email: 'a-very-long-local-part-that-goes-on-and-on-past-thirty@x.test', balance: 0 },
  ops: { id: 'cm_ops000000000000000007', email: 'ops@perch.test', balance: 0 },
} as const;

const { alice, bob, carol, alice2, symbols, long, ops } = PEOPLE;

/** Statements in order (the simple query protocol runs them as one script). */
export const PRE_WORKSPACES_DATA_SQL = `
INSERT INTO users (id, email, name, password_hash, is_admin, email_verified, created_at, updated_at, deleted_at, totp_secret_enc, totp_enabled_at, totp_last_step) VALUES
  ('${alice.id}', '${alice.email}', 'Alice Smith', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', false, '2026-03-01T10:00:00Z', '2026-03-01T09:59:00Z', '2026-11-20T08:00:00Z', NULL, 'sealed:totp', '2026-04-02T12:00:00Z', 59012345),
  ('${bob.id}', '${bob.email}', NULL, NULL, false, '2026-03-05T10:00:00Z', '2026-03-05T09:00:00Z', '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z', NULL, NULL, NULL),
  ('${carol.id}', '${carol.email}', 'Carol', NULL, false, '2026-05-10T07:00:00Z', '2026-05-10T07:00:00Z', '2026-11-01T07:00:00Z', NULL, NULL, NULL, NULL),
  ('${alice2.id}', '${alice2.email}', NULL, '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDI$aGFzaDI', false, NULL, '2026-06-01T00:00:00Z', '2026-06-01T00:00:00Z', NULL, NULL, NULL, NULL),
  ('${symbols.id}', '${symbols.email}', NULL, '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDM$aGFzaDM', false, NULL, '2026-06-02T00:00:00Z', '2026-06-02T00:00:00Z', NULL, NULL, NULL, NULL),
  ('${long.id}', '${long.email}', NULL, '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDQ$aGFzaDQ', false, NULL, '2026-06-03T00:00:00Z', '2026-06-03T00:00:00Z', NULL, NULL, NULL, NULL),
  ('${ops.id}', '${ops.email}', 'Ops', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDU$aGFzaDU', true, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', NULL, NULL, NULL, NULL);

INSERT INTO sessions (id, session_token, user_id, expires) VALUES
  ('sess_a1', 'tok_alice_browser', '${alice.id}', '2026-12-27T00:00:00Z'),
  ('sess_c1', 'tok_carol_browser', '${carol.id}', '2026-12-20T00:00:00Z');
INSERT INTO accounts (id, user_id, type, provider, provider_account_id, access_token, token_type, scope) VALUES
  ('acc_c1', '${carol.id}', 'oauth', 'github', '9912345', 'gho_sealed', 'bearer', 'read:user,user:email');
INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at, used_at) VALUES
  ('${alice.id}', 'password_reset', 'h_reset_alice', '${alice.email}', '2026-08-01T01:00:00Z', '2026-08-01T00:20:00Z'),
  ('${alice2.id}', 'email_verification', 'h_verify_alice2', '${alice2.email}', '2026-06-02T00:00:00Z', NULL);
INSERT INTO totp_recovery_codes (user_id, code_hash, used_at) VALUES
  ('${alice.id}', 'rc_1', NULL), ('${alice.id}', 'rc_2', '2026-09-09T09:09:09Z');

INSERT INTO api_keys (id, user_id, name, key_hash, key_start, key_end, scopes, rate_limit, credit_limit, credits_spent, expires_at, revoked_at, last_used_at, created_at, credits_held, credits_leased, previous_key_hash, previous_key_expires_at) VALUES
  ('key_alice_live', '${alice.id}', 'production', 'hash_alice_live', 'perch_ab12', 'wxyz', '{read,write}', 100, 50000, 1050, NULL, NULL, '2026-11-26T23:59:00Z', '2026-03-01T10:05:00Z', 40, 500, NULL, NULL),
  ('key_alice_rotated', '${alice.id}', 'staging', 'hash_alice_rotated_new', 'perch_cd34', 'stuv', '{read}', 50, NULL, 30, '2027-03-01T00:00:00Z', NULL, '2026-11-25T10:00:00Z', '2026-04-01T00:00:00Z', 0, 0, 'hash_alice_rotated_old', '2026-11-28T00:00:00Z'),
  ('key_alice_revoked', '${alice.id}', 'leaked', 'hash_alice_revoked', 'perch_ef56', 'pqrs', '{read,write}', 100, NULL, 20, NULL, '2026-05-01T00:00:00Z', '2026-04-30T23:00:00Z', '2026-03-02T00:00:00Z', 0, 0, NULL, NULL),
  ('key_bob_revoked', '${bob.id}', 'bob key', 'hash_bob', 'perch_gh78', 'mnop', '{read}', 100, 1000, 300, NULL, '2026-10-01T00:00:00Z', '2026-09-30T12:00:00Z', '2026-03-05T09:10:00Z', 0, 0, NULL, NULL),
  ('key_carol', '${carol.id}', 'bots', 'hash_carol', 'perch_ij90', 'ijkl', '{read,write}', 200, NULL, 0, NULL, NULL, NULL, '2026-05-10T07:10:00Z', 0, 0, NULL, NULL);

INSERT INTO credit_balances (user_id, balance, updated_at) VALUES
  ('${alice.id}', ${alice.balance}, '2026-11-26T23:59:00Z'),
  ('${bob.id}', ${bob.balance}, '2026-09-30T12:00:00Z'),
  ('${carol.id}', ${carol.balance}, '2026-05-10T07:00:00Z'),
  ('${alice2.id}', ${alice2.balance}, '2026-06-01T00:00:00Z'),
  ('${long.id}', 0, '2026-06-03T00:00:00Z');
INSERT INTO credit_grants (user_id, amount, reason, created_at) VALUES
  ('${alice.id}', 100000, 'signup credits', '2026-03-01T09:59:00Z'),
  ('${alice.id}', 50000, 'stripe cs_live_a1: 50,000 credits', '2026-07-01T12:00:00Z'),
  ('${alice.id}', -2000, 'correction: granted twice by mistake', '2026-07-02T08:00:00Z'),
  ('${bob.id}', 100000, 'signup credits', '2026-03-05T09:00:00Z'),
  ('${carol.id}', 5000, 'signup credits', '2026-05-10T07:00:00Z'),
  ('${alice2.id}', 100, 'signup credits', '2026-06-01T00:00:00Z');
INSERT INTO credit_holds (user_id, key_id, request_id, amount, created_at) VALUES
  ('${alice.id}', 'key_alice_live', 'req_inflight_1', 40, '2026-11-26T23:59:30Z');
INSERT INTO credit_leases (user_id, key_id, instance_id, amount, expires_at, recalled_at, created_at) VALUES
  ('${alice.id}', 'key_alice_live', 'inst-7f3a', 500, '2026-11-27T00:05:00Z', NULL, '2026-11-26T23:55:00Z');

INSERT INTO usage_events (request_id, user_id, key_id, operation, tag, status, items, credits, latency_ms, source, created_at, params, error_code, error_message) VALUES
  ('req_a1', '${alice.id}', 'key_alice_live', 'getUser', 'Users', 200, 1, 150, 41, 'api', '2026-11-20T10:00:00Z', '{"username":"jack"}', NULL, NULL),
  ('req_a2', '${alice.id}', 'key_alice_live', 'searchTweets', 'Search', 200, 60, 900, 230, 'api', '2026-11-21T10:00:00Z', '{"query":"perch"}', NULL, NULL),
  ('req_a3', '${alice.id}', 'key_alice_live', 'getUser', 'Users', 404, 0, 0, 12, 'api', '2026-11-21T10:01:00Z', '{"username":"nobody"}', 'not_found', 'no such user'),
  ('req_a4', '${alice.id}', 'key_alice_rotated', 'getUser', 'Users', 200, 1, 30, 33, 'api', '2026-11-21T11:00:00Z', NULL, NULL, NULL),
  ('req_a5', '${alice.id}', 'key_alice_revoked', 'getUser', 'Users', 200, 1, 20, 30, 'api', '2026-04-30T23:00:00Z', NULL, NULL, NULL),
  ('req_a6', '${alice.id}', NULL, 'getAccount', 'Account', 200, 0, 0, 5, 'playground', '2026-11-22T09:00:00Z', NULL, NULL, NULL),
  ('req_b1', '${bob.id}', 'key_bob_revoked', 'searchTweets', 'Search', 200, 20, 300, 180, 'api', '2026-09-30T12:00:00Z', '{"query":"x"}', NULL, NULL);
INSERT INTO usage_daily (user_id, key_id, day, operation, tag, calls, errors, items, credits, latency_ms_sum) VALUES
  ('${alice.id}', 'key_alice_live', '2026-11-20', 'getUser', 'Users', 1, 0, 1, 150, 41),
  ('${alice.id}', 'key_alice_live', '2026-11-21', 'searchTweets', 'Search', 1, 0, 60, 900, 230),
  ('${alice.id}', 'key_alice_live', '2026-11-21', 'getUser', 'Users', 1, 1, 0, 0, 12),
  ('${alice.id}', 'key_alice_rotated', '2026-11-21', 'getUser', 'Users', 1, 0, 1, 30, 33),
  ('${alice.id}', 'key_alice_revoked', '2026-04-30', 'getUser', 'Users', 1, 0, 1, 20, 30),
  ('${bob.id}', 'key_bob_revoked', '2026-09-30', 'searchTweets', 'Search', 1, 0, 20, 300, 180);
INSERT INTO idempotency_records (user_id, key, request_hash, status, body, created_at) VALUES
  ('${alice.id}', 'idem-7c1e', 'rh_1', 200, '{"data":{"id":"1"}}', '2026-11-26T20:00:00Z'),
  ('${carol.id}', 'idem-0001', 'rh_2', 402, '{"error":{"code":"insufficient_credits"}}', '2026-11-26T21:00:00Z');

INSERT INTO platform_connections (user_id, platform, platform_user_id, username, access_token_enc, refresh_token_enc, access_expires_at, scopes, created_at, linked_via, updated_at) VALUES
  ('${alice.id}', 'local', '42', 'jack', NULL, NULL, NULL, '{tweet.read,tweet.write}', '2026-03-03T00:00:00Z', 'operator', '2026-03-03T00:00:00Z'),
  ('${carol.id}', 'local', '77', 'carol_bird', 'sealed:at', 'sealed:rt', '2026-11-27T06:00:00Z', '{tweet.read,tweet.write,like.write}', '2026-05-11T00:00:00Z', 'oauth', '2026-11-27T04:00:00Z');
INSERT INTO bluesky_connections (user_id, did, handle, identifier, service_url, app_password_enc, linked_via) VALUES
  ('${carol.id}', 'did:plc:carol3xyz', 'carol.bsky.social', 'carol.bsky.social', 'https://bsky.social', 'sealed:app-password', 'app_password');
INSERT INTO x_connections (user_id, x_user_id, username, access_token_enc, refresh_token_enc, access_expires_at, scopes) VALUES
  ('${carol.id}', '1500000000000000001', 'carol_on_x', 'sealed:x-at', 'sealed:x-rt', '2026-11-27T05:00:00Z', '{tweet.read,users.read,offline.access}');
INSERT INTO stripe_payments (event_id, session_id, user_id, credits, amount_total, currency, created_at) VALUES
  ('evt_1QxA', 'cs_live_a1', '${alice.id}', 50000, 5000, 'usd', '2026-07-01T12:00:00Z');
INSERT INTO balance_alerts (user_id, threshold, notified) VALUES
  ('${alice.id}', 10000, false), ('${bob.id}', 500, true);

INSERT INTO realtime_rules (user_id, key_id, tag, kind, query, text_query, accounts, account_ids, status, paused_reason, platform, interval_seconds, created_at, updated_at) VALUES
  ('${alice.id}', 'key_alice_live', 'brand', 'query', 'perch OR bird', 'perch | bird', '{}', '{}', 'active', NULL, 'local', NULL, '2026-08-01T00:00:00Z', '2026-08-01T00:00:00Z'),
  ('${alice.id}', 'key_alice_live', 'founders', 'accounts', NULL, NULL, '{jack}', '{42}', 'paused', 'paused_by_user', 'local', NULL, '2026-08-02T00:00:00Z', '2026-09-01T00:00:00Z'),
  ('${carol.id}', 'key_carol', 'x-watch', 'query', 'launch', 'launch', '{}', '{}', 'paused', 'insufficient_credits', 'x', 120, '2026-09-01T00:00:00Z', '2026-09-02T00:00:00Z');
INSERT INTO realtime_x_positions (rule_id, query, since_id) SELECT id, 'launch', '1860000000000000000' FROM realtime_rules WHERE tag = 'x-watch';
INSERT INTO realtime_endpoints (user_id, url, description, secret, previous_secret, previous_secret_expires_at, active, consecutive_failures, circuit_open_until) VALUES
  ('${alice.id}', 'https://hooks.example.com/perch', 'prod receiver', 'whsec_a', 'whsec_a_old', '2026-11-28T00:00:00Z', true, 0, NULL),
  ('${alice.id}', 'https://flaky.example.com/hook', 'flaky', 'whsec_b', NULL, NULL, true, 7, '2026-11-27T01:00:00Z');
INSERT INTO realtime_matches (rule_id, user_id, key_id, tweet_id, tweet, matched_at, charged_at)
  SELECT id, user_id, key_id, '1860000000000000123', '{"id":"1860000000000000123","text":"a perch on a bird"}', '2026-11-21T10:00:00Z', NULL FROM realtime_rules WHERE tag = 'brand';
INSERT INTO realtime_deliveries (endpoint_id, match_id, event, status, attempts, last_status_code, last_error, last_latency_ms, next_attempt_at, created_at, delivered_at, data, last_attempt_at)
  SELECT e.id, m.id, 'rule.match', 'delivered', 1, 200, NULL, 88, NULL, '2026-11-21T10:00:01Z', '2026-11-21T10:00:02Z', NULL, '2026-11-21T10:00:02Z'
    FROM realtime_endpoints e, realtime_matches m WHERE e.description = 'prod receiver';
INSERT INTO realtime_deliveries (endpoint_id, match_id, event, status, attempts, last_status_code, last_error, last_latency_ms, next_attempt_at, created_at, delivered_at, data, last_attempt_at)
  SELECT e.id, m.id, 'rule.match', 'pending', 7, 503, 'HTTP 503', 1200, '2026-11-27T01:00:00Z', '2026-11-21T10:00:01Z', NULL, NULL, '2026-11-26T23:00:00Z'
    FROM realtime_endpoints e, realtime_matches m WHERE e.description = 'flaky';
INSERT INTO realtime_deliveries (endpoint_id, match_id, event, status, attempts, last_status_code, created_at, delivered_at, data, last_attempt_at)
  SELECT id, NULL, 'account.balance_low', 'delivered', 1, 204, '2026-10-01T00:00:00Z', '2026-10-01T00:00:01Z', '{"balance":9000,"threshold":10000}', '2026-10-01T00:00:01Z'
    FROM realtime_endpoints WHERE description = 'prod receiver';
INSERT INTO realtime_stream_slots (user_id, key_id, instance_id, opened_at, heartbeat_at) VALUES
  ('${alice.id}', 'key_alice_live', 'inst-7f3a', '2026-11-26T22:00:00Z', '2026-11-26T23:59:50Z');

INSERT INTO mail_outbox (to_address, subject, text_body, transport) VALUES
  ('${alice.email}', 'Reset your password', 'https://perch.example/reset?t=…', 'log');
INSERT INTO signup_requests (email, password_hash, token_hash, expires_at) VALUES
  ('dave@pending.test', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDY$aGFzaDY', 'h_signup_dave', '2026-11-28T00:00:00Z');
`;

/** Every base table of public with its columns, for snapshots taken before and after. */
export async function tableColumns(client: pg.Pool): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows) tables.set(table, [...(tables.get(table) ?? []), column]);
  return tables;
}

/** A table's rows as canonical JSON lines of `columns` only, sorted: comparable across schemas. */
export async function snapshotRows(client: pg.Pool, table: string, columns: string[]): Promise<string[]> {
  const { rows } = await client.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM "${table}" t`);
  return rows.map(({ row }) => JSON.stringify(columns.map((column) => [column, row[column]]))).sort();
}
