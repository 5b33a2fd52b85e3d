-- Bluesky accounts connected with atproto OAuth (the dashboard sign-in with Bluesky) beside
-- those connected with an app password. An OAuth connection keeps no password: its tokens and
-- DPoP key live in bluesky_oauth_sessions (one per DID, sealed), refreshed by the OAuth client.
-- bluesky_oauth_states holds each authorization in flight (PKCE verifier, DPoP key), sealed,
-- until its callback or ten minutes.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)
ALTER TABLE "bluesky_connections" ALTER COLUMN "app_password_enc" DROP NOT NULL;
ALTER TABLE "bluesky_connections" ADD COLUMN "linked_via" TEXT NOT NULL DEFAULT 'app_password';
ALTER TABLE "bluesky_connections" ADD CONSTRAINT "bluesky_connections_linked_via_check"
    CHECK (("linked_via" = 'app_password' AND "app_password_enc" IS NOT NULL) OR ("linked_via" = 'oauth' AND "app_password_enc" IS NULL));

CREATE TABLE "bluesky_oauth_states" (
    "key" TEXT NOT NULL,
    "value_enc" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bluesky_oauth_states_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "bluesky_oauth_sessions" (
    "did" TEXT NOT NULL,
    "value_enc" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bluesky_oauth_sessions_pkey" PRIMARY KEY ("did")
);
