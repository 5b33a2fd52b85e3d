-- A Perch account's connected Bluesky account, which writes on Bluesky act as: its DID and
-- handle, the PDS or entryway it logs in at, and its app password sealed with the deployment
-- encryption key (AES-256-GCM, bound to this row and column). One per Perch account, beside
-- the embedded platform connection in platform_connections.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)
CREATE TABLE "bluesky_connections" (
    "user_id" TEXT NOT NULL,
    "did" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "service_url" TEXT NOT NULL,
    "app_password_enc" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bluesky_connections_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "bluesky_connections" ADD CONSTRAINT "bluesky_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
