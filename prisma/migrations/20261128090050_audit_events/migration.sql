-- The audit log of a workspace (issue 28): who changed what, when, from where, with the state
-- before and after. Append-only: the table refuses UPDATE, DELETE and TRUNCATE for every role,
-- so no code path (nor a mistaken query) can rewrite history. Rows are kept, at least a year and
-- in fact for good.
CREATE TABLE "audit_events" (
  "id"           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "workspace_id" text NOT NULL REFERENCES "workspaces"("id"),
  "at"           timestamptz(3) NOT NULL DEFAULT now(),
  -- person | key | admin | system
  "actor_kind"   text NOT NULL CHECK ("actor_kind" IN ('person', 'key', 'admin', 'system')),
  "actor_id"     text,
  -- The actor as people read it at the time (an email, a key's name and prefix).
  "actor_label"  text NOT NULL,
  -- e.g. key.created, member.role_changed, auth.sign_in_failed
  "action"       text NOT NULL CHECK ("action" ~ '^[a-z_]+\.[a-z_]+$'),
  "target_kind"  text,
  "target_id"    text,
  "target_label" text,
  "ip"           text,
  "before"       jsonb,
  "after"        jsonb
);
CREATE INDEX "audit_events_workspace_at" ON "audit_events" ("workspace_id", "at" DESC, "id" DESC);

CREATE FUNCTION "perch_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  RAISE EXCEPTION ''audit_events is append-only: % refused'', TG_OP USING ERRCODE = ''insufficient_privilege''\073
END
';
CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "perch_audit_events_append_only"();
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "perch_audit_events_append_only"();
