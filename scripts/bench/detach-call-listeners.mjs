// Preloaded (node --import) into the server that scripts/bench-observed-turns.ts measures: each
// SIGUSR2 detaches the /v2 call listeners named in PERCH_BENCH_DETACH (comma-separated:
// callLine, callMetrics; lib/observability/call-log.ts, call-metrics.ts), or attaches them again.
// Detached, dispatch builds no call record when no listener is left (hasCallListeners), as in a
// server with metrics and call lines off. Bench only: it reaches into lib/observability/call-end.ts's
// list on globalThis.
const names = (process.env.PERCH_BENCH_DETACH ?? 'callLine,callMetrics').split(',');
let detached = null;

process.on('SIGUSR2', () => {
  const listeners = globalThis.perchCallListeners;
  if (!listeners) return;
  if (detached) {
    listeners.push(...detached);
    detached = null;
    return;
  }
  detached = listeners.filter((listener) => names.includes(listener.name));
  if (detached.length !== names.length) {
    // A renamed listener would make every turn measure the same thing: stop the run instead.
    console.error(`detach-call-listeners: found ${detached.map((l) => l.name).join(', ') || 'none'} of ${names.join(', ')}`);
    process.exit(70);
  }
  for (const listener of detached) listeners.splice(listeners.indexOf(listener), 1);
});
