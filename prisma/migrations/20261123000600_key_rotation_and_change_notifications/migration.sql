-- Rotation: a key gets a new secret and keeps its id, limits and history. The secret it
-- replaced stays valid until previous_key_expires_at (the grace period chosen at rotation).
ALTER TABLE "api_keys" ADD COLUMN "previous_key_hash" TEXT;
ALTER TABLE "api_keys" ADD COLUMN "previous_key_expires_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "api_keys_previous_key_hash_key" ON "api_keys"("previous_key_hash");

-- Every change to what authentication reads about a key is announced on the channel
-- perch_api_keys (payload: the affected key hashes, space-separated) in the same
-- transaction, so it reaches every listening instance at commit, whoever wrote it: the
-- dashboard, the admin CLI, another instance without Redis, or SQL typed by an operator.
-- The per-call counters (credits_spent, credits_held, last_used_at) are not in the column list,
-- so metering never notifies.
--
-- The migration runner (the pg driver adapter of Prisma) splits scripts at every semicolon,
-- even inside dollar quotes and comments. Hence no semicolon in any comment here, and the
-- function body is an E-string whose statement ends are written as the octal escape \073.
CREATE FUNCTION "perch_notify_api_key_change"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM pg_notify(''perch_api_keys'', concat_ws('' '', OLD.key_hash, OLD.previous_key_hash))\073
    RETURN OLD\073
  END IF\073
  PERFORM pg_notify(''perch_api_keys'', concat_ws('' '', OLD.key_hash, OLD.previous_key_hash, NEW.key_hash, NEW.previous_key_hash))\073
  RETURN NEW\073
END
';

-- An INSERT needs no notice: a new secret is generated here and cannot have been presented
-- (and cached as a miss) before.
CREATE TRIGGER "api_keys_notify_delete" AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "perch_notify_api_key_change"();

CREATE TRIGGER "api_keys_notify_update"
  AFTER UPDATE OF "user_id", "name", "key_hash", "previous_key_hash", "previous_key_expires_at", "scopes", "rate_limit", "credit_limit", "expires_at", "revoked_at" ON "api_keys"
  FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id"
     OR OLD."name" IS DISTINCT FROM NEW."name"
     OR OLD."key_hash" IS DISTINCT FROM NEW."key_hash"
     OR OLD."previous_key_hash" IS DISTINCT FROM NEW."previous_key_hash"
     OR OLD."previous_key_expires_at" IS DISTINCT FROM NEW."previous_key_expires_at"
     OR OLD."scopes" IS DISTINCT FROM NEW."scopes"
     OR OLD."rate_limit" IS DISTINCT FROM NEW."rate_limit"
     OR OLD."credit_limit" IS DISTINCT FROM NEW."credit_limit"
     OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
     OR OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at")
  EXECUTE FUNCTION "perch_notify_api_key_change"();
