// Started by tests as a separate process: uses an embedded PostgreSQL (as `server` or `tool`,
// the third argument) until SIGTERM, then leaves it as that role does; SIGKILL leaves it orphaned.
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';

const [dataDir, port, role = 'tool'] = process.argv.slice(2);
const handle = await startEmbeddedPostgres({ dataDir, port: Number(port), database: 'perch', role: role === 'server' ? 'server' : 'tool' });
process.on('SIGTERM', () => {
  void handle.stop().finally(() => process.exit(0));
});
console.log('ready');
setInterval(() => undefined, 1 << 30);
