-- How a Perch account got its platform connection: oauth (the browser flow, which stores
-- encrypted tokens and lives only as long as the platform grant) or operator (the admin CLI
-- connect-account command: no tokens, valid until removed). Rows made before OAuth existed
-- were all operator links. Afterwards every insert must say which it is.
-- (No apostrophes or semicolons in comments here: the WebAssembly migration runner trips on them.)
ALTER TABLE "platform_connections" ADD COLUMN "linked_via" TEXT NOT NULL DEFAULT 'operator';
ALTER TABLE "platform_connections" ALTER COLUMN "linked_via" DROP DEFAULT;
ALTER TABLE "platform_connections" ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- (Prisma neither models nor diffs CHECK constraints, so schema.prisma has no trace of these.)
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_linked_via" CHECK ("linked_via" IN ('oauth', 'operator'));
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_oauth_has_tokens"
  CHECK ("linked_via" = 'operator' OR ("access_token_enc" IS NOT NULL AND "access_expires_at" IS NOT NULL));

-- A deleted Perch account takes its connection (and its encrypted tokens) with it.
DELETE FROM "platform_connections" c WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = c."user_id");
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
