-- The dashboard's request log (docs/request-log.md): what a call was sent and the error it got.
ALTER TABLE "usage_events" ADD COLUMN "params" JSONB,
ADD COLUMN "error_code" TEXT,
ADD COLUMN "error_message" TEXT;

-- The log's pages: newest first per account, keyset on (created_at, id).
CREATE INDEX "usage_events_user_id_created_at_id_idx" ON "usage_events"("user_id", "created_at" DESC, "id" DESC);

-- Search by the x-request-id a user pastes.
CREATE INDEX "usage_events_user_id_request_id_idx" ON "usage_events"("user_id", "request_id");

-- The retention prune deletes by age across accounts.
CREATE INDEX "usage_events_created_at_idx" ON "usage_events"("created_at");
