// Started by tests as a separate process: runs an embedded PostgreSQL until killed.
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';

const [dataDir, port] = process.argv.slice(2);
await startEmbeddedPostgres({ dataDir, port: Number(port), database: 'perch' });
console.log('ready');
setInterval(() => undefined, 1 << 30);
