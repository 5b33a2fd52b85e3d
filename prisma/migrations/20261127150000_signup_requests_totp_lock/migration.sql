-- Account security, issue 26 point 6.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)

-- A sign-up waits here until the link mailed to its address is opened: the account is only
-- created then, so the sign-up form answers the same whether or not the email has an account.
-- Only a SHA-256 of the token is stored, and the password only as its argon2id hash.
CREATE TABLE "signup_requests" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "signup_requests_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "signup_requests_token_hash_key" ON "signup_requests"("token_hash");
CREATE INDEX "signup_requests_expires_at_idx" ON "signup_requests"("expires_at");

-- Wrong second-factor codes per account, whatever address they came from: after ten the
-- second factor is locked until totp_locked_until, on every instance alike.
ALTER TABLE "users" ADD COLUMN "totp_failed_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "users" ADD COLUMN "totp_locked_until" TIMESTAMPTZ(3);
