import { countCalls } from './call-metrics';
import { answerMetricsRequests } from './child-metrics';
import { collectProcessGauges, collectServerGauges } from './metrics-collectors';
import { enableMetrics, type PerchMetrics } from './metrics';

/** server.ts: every metric of the server process, the delivery queue included. */
export function startServerMetrics(): PerchMetrics {
  const metrics = enableMetrics();
  countCalls(metrics);
  collectProcessGauges(metrics);
  collectServerGauges(metrics);
  return metrics;
}

/** dashboard-server.ts: the calls it answers (playground, explorer), its pools and meter; the parent asks for them over IPC. */
export function startDashboardMetrics(): PerchMetrics {
  const metrics = enableMetrics();
  countCalls(metrics);
  collectProcessGauges(metrics);
  answerMetricsRequests(metrics.registry);
  return metrics;
}
