-- Workspaces (issue 28): what an account owned (balance, ledger, keys, rules, endpoints,
-- connections, usage, request log, alerts, billing) is now owned by a workspace, and people
-- (sign-in identity, 2FA, sessions) belong to workspaces with a role.
--
-- Every existing account becomes one personal workspace whose id IS the account's id, so the
-- owner column of every owned table (still named user_id) keeps its values: no id, balance or
-- ledger line is rewritten. Only the foreign keys move from users to workspaces.

CREATE TABLE "workspaces" (
  "id"         text PRIMARY KEY,
  "slug"       text NOT NULL UNIQUE CHECK ("slug" ~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$'),
  "name"       text NOT NULL CHECK (length("name") BETWEEN 1 AND 80),
  "personal"   boolean NOT NULL DEFAULT false,
  "created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz(3) NOT NULL DEFAULT now(),
  -- Set when the workspace was deleted: the row stays so the ledger still adds up.
  "deleted_at" timestamptz(3)
);

CREATE TABLE "workspace_members" (
  "workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
  "user_id"      text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "role"         text NOT NULL CHECK ("role" IN ('owner', 'admin', 'developer', 'billing', 'viewer')),
  "created_at"   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("workspace_id", "user_id")
);
CREATE INDEX "workspace_members_user" ON "workspace_members" ("user_id");

-- The workspace a person last worked in: where /dashboard without a workspace in the URL goes.
ALTER TABLE "users" ADD COLUMN "last_workspace_id" text REFERENCES "workspaces"("id") ON DELETE SET NULL;

-- A personal workspace's slug: the address's local part, made URL-safe, and ten hex digits of
-- the id so two people called alice never collide.
CREATE FUNCTION "perch_personal_slug"("email" text, "id" text) RETURNS text LANGUAGE sql IMMUTABLE AS E'
  SELECT coalesce(nullif(left(trim(both ''-'' from regexp_replace(lower(split_part(email, ''@'', 1)), ''[^a-z0-9]+'', ''-'', ''g'')), 30), ''''), ''workspace'')
    || ''-'' || left(md5(id), 10)
';

-- Every person gets a personal workspace with their own id the moment they exist, whichever
-- path made them (sign-up, OAuth sign-in, the admin CLI, a test's INSERT).
CREATE FUNCTION "perch_create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO workspaces (id, slug, name, personal, created_by)
    VALUES (NEW.id, perch_personal_slug(NEW.email, NEW.id), ''Personal'', true, NEW.id)
    ON CONFLICT (id) DO NOTHING\073
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (NEW.id, NEW.id, ''owner'')
    ON CONFLICT DO NOTHING\073
  RETURN NEW\073
END
';
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "perch_create_personal_workspace"();

-- Accounts are deleted softly (deleted_at), but a hard DELETE of a user row (tests, manual cleanup)
-- takes their personal workspace with it, as it took their owned rows before workspaces.
CREATE FUNCTION "perch_drop_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM workspaces WHERE id = OLD.id AND personal\073
  RETURN OLD\073
END
';
CREATE TRIGGER "users_drop_personal_workspace" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "perch_drop_personal_workspace"();

INSERT INTO "workspaces" ("id", "slug", "name", "personal", "created_by", "created_at", "deleted_at")
  SELECT "id", perch_personal_slug("email", "id"), 'Personal', true, "id", "created_at", "deleted_at" FROM "users";
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "id", 'owner', "created_at" FROM "users";

-- Owned rows now point at their workspace.
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_fkey",
  ADD CONSTRAINT "api_keys_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "credit_balances" DROP CONSTRAINT "credit_balances_user_id_fkey",
  ADD CONSTRAINT "credit_balances_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "credit_grants" DROP CONSTRAINT "credit_grants_user_id_fkey",
  ADD CONSTRAINT "credit_grants_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "credit_holds" DROP CONSTRAINT "credit_holds_user_id_fkey",
  ADD CONSTRAINT "credit_holds_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "credit_leases" DROP CONSTRAINT "credit_leases_user_id_fkey",
  ADD CONSTRAINT "credit_leases_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "platform_connections" DROP CONSTRAINT "platform_connections_user_id_fkey",
  ADD CONSTRAINT "platform_connections_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "bluesky_connections" DROP CONSTRAINT "bluesky_connections_user_id_fkey",
  ADD CONSTRAINT "bluesky_connections_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "x_connections" DROP CONSTRAINT "x_connections_user_id_fkey",
  ADD CONSTRAINT "x_connections_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "realtime_rules" DROP CONSTRAINT "realtime_rules_user_id_fkey",
  ADD CONSTRAINT "realtime_rules_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "realtime_endpoints" DROP CONSTRAINT "realtime_endpoints_user_id_fkey",
  ADD CONSTRAINT "realtime_endpoints_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "realtime_stream_slots" DROP CONSTRAINT "realtime_stream_slots_user_id_fkey",
  ADD CONSTRAINT "realtime_stream_slots_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "stripe_payments" DROP CONSTRAINT "stripe_payments_user_id_fkey",
  ADD CONSTRAINT "stripe_payments_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;
ALTER TABLE "balance_alerts" DROP CONSTRAINT "balance_alerts_user_id_fkey",
  ADD CONSTRAINT "balance_alerts_workspace_fkey" FOREIGN KEY ("user_id") REFERENCES "workspaces"("id") ON DELETE CASCADE;

-- Who made a key: developers manage their own keys, and removing a member can revoke theirs.
ALTER TABLE "api_keys" ADD COLUMN "created_by" text REFERENCES "users"("id") ON DELETE SET NULL;
UPDATE "api_keys" SET "created_by" = "user_id";
CREATE INDEX "api_keys_created_by" ON "api_keys" ("created_by") WHERE "revoked_at" IS NULL;
