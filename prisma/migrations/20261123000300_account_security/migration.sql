-- Account security: dashboard sessions that can be ended, shared sign-in and sign-up
-- throttles, single-use email tokens, a mail outbox, TOTP two-factor sign-in and
-- account deletion that keeps the ledger.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)

-- The sessions table (next-auth database sessions, unused with JWT sessions until now) holds
-- one row per signed-in browser: the JWT carries the row id, and a JWT whose row is gone is
-- refused. Sign-out deletes the row, a password change deletes the others.
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
ALTER TABLE "sessions" ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- A deleted account keeps its row (grants, holds and usage still add up) with the email freed.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
-- The TOTP secret, sealed like platform tokens. Enabled once a first code confirmed it.
ALTER TABLE "users" ADD COLUMN "totp_secret_enc" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3);
-- The last time step a code was accepted for: a code works once.
ALTER TABLE "users" ADD COLUMN "totp_last_step" BIGINT;

-- Counters of failed sign-ins and of sign-ups, shared by every instance without Redis.
CREATE TABLE "auth_attempts" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "auth_attempts_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "auth_attempts_expires_at_idx" ON "auth_attempts"("expires_at");

-- Password reset and email verification links: only a SHA-256 of the token is stored.
CREATE TABLE "account_tokens" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "account_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_tokens_purpose" CHECK ("purpose" IN ('password_reset', 'email_verification'))
);
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens"("token_hash");
CREATE INDEX "account_tokens_user_id_idx" ON "account_tokens"("user_id");
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every mail Perch sends, for the admin Outbox page (the only delivery when no SMTP is set).
CREATE TABLE "mail_outbox" (
    "id" BIGSERIAL NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox"("created_at");

-- One-time recovery codes for a lost authenticator, hashed.
CREATE TABLE "totp_recovery_codes" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "totp_recovery_codes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "totp_recovery_codes_user_id_idx" ON "totp_recovery_codes"("user_id");
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
