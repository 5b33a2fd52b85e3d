// Preloaded into the `prisma migrate deploy` child: its WebAssembly schema engine leaves a
// 10 s timer pending after the work is done, which kept every start waiting 10 s for the
// CLI to exit. Unreferenced long timers still fire if the process is alive for other reasons.
const setTimeoutOriginal = global.setTimeout;
global.setTimeout = function setTimeoutUnrefLong(callback, ms, ...args) {
  const timer = setTimeoutOriginal(callback, ms, ...args);
  if (typeof ms === 'number' && ms >= 5000) timer.unref();
  return timer;
};
