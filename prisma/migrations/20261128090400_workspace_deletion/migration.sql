-- Sign-up credits once per address (issue 28): a deleted account frees its email for a new
-- sign-up, and that new account must not get the sign-up credits a second time. Each address
-- that ever received them (or ever had an account) is remembered here by the SHA-256 of its
-- lower-cased form, never the address itself, so the scrubbed row of a deleted account keeps
-- no readable email. The sign-up paths grant the credits only when their INSERT here succeeds.
CREATE TABLE "signup_credit_claims" (
  "email_hash" text PRIMARY KEY CHECK ("email_hash" ~ '^[0-9a-f]{64}$'),
  "claimed_at" timestamptz(3) NOT NULL DEFAULT now()
);

-- Every existing row, deleted or not. Rows deleted before this migration were already scrubbed
-- (deleted-<id>@deleted.invalid), so their real addresses cannot be recovered: only accounts
-- deleted from now on are covered for them.
INSERT INTO "signup_credit_claims" ("email_hash", "claimed_at")
  SELECT encode(sha256(convert_to(lower("email"), 'UTF8')), 'hex'), "created_at" FROM "users"
  ON CONFLICT DO NOTHING;
