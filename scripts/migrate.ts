// `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded
// PostgreSQL when it is unset.
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { StartupError } from '@/lib/db/startup-error';

const database = await ensureDatabase().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
try {
  await migrateDatabase(database.url);
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
