// A Perch instance's real-time share in a process of its own (what server.ts starts, without the
// dashboard and its build): the matcher, the monitor sources, the delivery workers, and /v2 on
// a loopback port for the stream. For tests that kill it with -9. Prints "ready <base url>".
import { startRealtime } from '@/lib/delivery/start-realtime';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import { serveApiOnLoopback } from './loopback-api';

await ensurePriceBook();
await startRealtime();
const { base } = await serveApiOnLoopback();
process.stdout.write(`ready ${base}\n`);
