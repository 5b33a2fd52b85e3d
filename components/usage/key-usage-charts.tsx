import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { formatNumber } from '@/lib/dashboard/format';
import { sourceName } from '@/lib/dashboard/call-source';
import type { KeyUsage } from '@/lib/dashboard/get-usage';

const MCP = sourceName('mcp');
const OTHER = 'Other calls';

/** One small chart of credits per day for each key that was used in the range; an AI agent's MCP calls stacked apart. */
export function KeyUsageCharts({ keys }: { keys: KeyUsage[] }) {
  if (keys.length === 0) {
    return (
      <ChartFrame title="Credits per day by key" empty emptyText="No key was used in this range.">
        {null}
      </ChartFrame>
    );
  }
  return (
    <section aria-labelledby="per-key-heading" className="flex flex-col gap-3">
      <h2 id="per-key-heading" className="text-base font-semibold">
        Credits per day by key
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {keys.map((key) => (
          <ChartFrame
            key={key.keyId}
            headingLevel="h3"
            title={`${key.name}${key.revoked ? ' (revoked)' : ''}`}
            description={`${key.display ? `${key.display} · ` : ''}${formatNumber(key.calls)} calls · ${formatNumber(key.credits)} credits${key.mcp.calls > 0 ? ` · ${MCP}: ${formatNumber(key.mcp.calls)} calls, ${formatNumber(key.mcp.credits)} credits` : ''}`}
            empty={false}
            emptyText=""
          >
            {key.mcp.calls > 0 ? (
              // A key an agent used too: its bars split into the agent's tool calls and the rest.
              <DailyChart kind="bar" compact height={180} rows={key.days.map((d) => ({ day: d.day, [OTHER]: d.credits - d.mcpCredits, [MCP]: d.mcpCredits }))} series={[OTHER, MCP]} yLabel="Credits" />
            ) : (
              <DailyChart kind="bar" compact height={180} rows={key.days.map((d) => ({ day: d.day, Credits: d.credits }))} series={['Credits']} yLabel="Credits" />
            )}
          </ChartFrame>
        ))}
      </div>
    </section>
  );
}
