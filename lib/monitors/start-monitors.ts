import { startLocalMonitorWorker } from './local-monitor-worker';
import { startXMonitors } from './x-monitor-source';

export type Monitors = { stop: () => Promise<void> };

/**
 * Starts this instance's sources of account-monitor events (follows and profile rules), one per
 * platform, and returns what stops them all. Each source records through recordMonitorEvents.
 */
export async function startMonitors(): Promise<Monitors> {
  const sources: Array<{ stop: () => Promise<void> }> = [];
  // The embedded platform: its own change queue, woken by the triggers' NOTIFY (any number of instances).
  sources.push(await startLocalMonitorWorker());
  // X: polling within the shared X request budget, one instance of all (leader), when X is served.
  sources.push(startXMonitors());
  return {
    stop: async () => {
      for (const source of sources.reverse()) await source.stop();
    },
  };
}
