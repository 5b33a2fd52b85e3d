import { startLocalMonitorWorker } from './local-monitor-worker';

export type Monitors = { stop: () => Promise<void> };

/**
 * Starts this instance's sources of account-monitor events (follows and profile rules), one per
 * platform, and returns what stops them all. Each source records through recordMonitorEvents.
 */
export async function startMonitors(): Promise<Monitors> {
  const sources: Array<{ stop: () => Promise<void> }> = [];
  // The embedded platform: its own change queue, woken by the triggers' NOTIFY (any number of instances).
  sources.push(await startLocalMonitorWorker());
  // X's monitors are polled with its tweet rules, by one leader (x-pollers.ts, started by startRealtime).
  return {
    stop: async () => {
      for (const source of sources.reverse()) await source.stop();
    },
  };
}
