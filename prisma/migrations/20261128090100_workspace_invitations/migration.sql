-- Invitations to a workspace (issue 28): a member with the right mails someone a link, and the
-- person signed in with that address accepts it (becoming a member with the role) or declines it.
-- Only the SHA-256 of the link's token is stored: the token itself is only ever in the mail.
CREATE TABLE "workspace_invitations" (
  "id"           text PRIMARY KEY,
  "workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
  -- Lower-cased: the address is compared case-insensitively with the accepting person's.
  "email"        text NOT NULL CHECK ("email" = lower("email") AND length("email") BETWEEN 3 AND 254),
  "role"         text NOT NULL CHECK ("role" IN ('owner', 'admin', 'developer', 'billing', 'viewer')),
  "token_hash"   text NOT NULL UNIQUE,
  "invited_by"   text REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at"   timestamptz(3) NOT NULL DEFAULT now(),
  "expires_at"   timestamptz(3) NOT NULL,
  "accepted_at"  timestamptz(3),
  "declined_at"  timestamptz(3),
  "revoked_at"   timestamptz(3),
  -- When the link was last mailed (a resend mails a new token) and how many times in all.
  "last_sent_at" timestamptz(3) NOT NULL DEFAULT now(),
  "send_count"   integer NOT NULL DEFAULT 1 CHECK ("send_count" >= 1)
);

-- One open invitation per address and workspace: inviting again resends the open one. An
-- expired one still counts as open here (inviting again renews it), so the index needs no clock.
CREATE UNIQUE INDEX "workspace_invitations_open" ON "workspace_invitations" ("workspace_id", "email")
  WHERE "accepted_at" IS NULL AND "declined_at" IS NULL AND "revoked_at" IS NULL;
CREATE INDEX "workspace_invitations_workspace" ON "workspace_invitations" ("workspace_id", "created_at" DESC);
