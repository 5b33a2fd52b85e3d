import { runWhileLeader, type Stoppable } from '@/lib/db/run-while-leader';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { startXSource, type XSourceOptions } from '@/lib/rules/x-source';
import { startXMonitorSource } from './x-monitor-source';

/**
 * Everything that polls X, as one leader: the tweet rules' recent search and the monitors' follower
 * lists and profiles. One instance of all polls (X's limits are the app's), and because both
 * pollers run in that one process they share one request budget
 * (PERCH_X_SEARCH_BUDGET_PER_15_MIN, x-search-budget.ts): two leaders on two instances could
 * each keep to it and together exceed it. Null when X is not served.
 */
export function startXPollers(options: XSourceOptions = {}): Stoppable | null {
  const x = getServedPlatforms().x;
  if (!x) return null;
  const budget = process.env.PERCH_X_SEARCH_BUDGET_PER_15_MIN;
  const settings = { ...(budget ? { budgetPer15Min: Number(budget) } : {}), ...options };
  return runWhileLeader({
    name: 'x-source',
    health: 'x_source',
    start: () => {
      const tweets = startXSource(x, settings);
      const monitors = startXMonitorSource(x, settings);
      return {
        stop: async () => {
          await monitors.stop();
          await tweets.stop();
        },
      };
    },
  });
}
