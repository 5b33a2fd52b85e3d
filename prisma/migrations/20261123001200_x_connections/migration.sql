-- A Perch account's connected X account, which writes on X act as: its X user id and username,
-- and the OAuth 2.0 user tokens the authorization code flow gave, sealed with the deployment
-- encryption key (AES-256-GCM, bound to this row and column), with the access token expiry
-- and the scopes granted. One per Perch account, beside the other platforms connections.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)
CREATE TABLE "x_connections" (
    "user_id" TEXT NOT NULL,
    "x_user_id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "access_token_enc" TEXT NOT NULL,
    "refresh_token_enc" TEXT,
    "access_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "x_connections_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "x_connections" ADD CONSTRAINT "x_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
