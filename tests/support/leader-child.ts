// Started by tests as a separate process: competes for the lead on `name` and says when it
// leads; killed with -9 by the test to see another process take over.
import { runWhileLeader } from '@/lib/db/run-while-leader';

const [name] = process.argv.slice(2);
runWhileLeader({ name, retryMs: 200, start: () => (console.log('leading'), { stop: async () => undefined }) });
console.log('started');
setInterval(() => undefined, 1 << 30);
