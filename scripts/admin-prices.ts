// The admin CLI's price commands (scripts/admin.ts loads this only for them: the operation
// registry it needs is large). Options arrive as parseArgs gives them; field errors of the
// shared readers (lib/admin/price-inputs.ts) become one UsageError line naming the flag.
import os from 'node:os';
import { changeCreditValue, changeOverride, changePrice, changeUpstreamCost, type ChangeResult } from '@/lib/admin/change-prices';
import { listPrices } from '@/lib/admin/list-prices';
import { readPlatform } from '@/lib/admin/price-inputs';
import { UsageError } from './admin-usage-error';

type Options = Record<string, string | boolean | undefined>;

/** A form field's flag: perRequest → --per-request. */
const FLAGS: Record<string, string> = { perRequest: 'per-request', perItem: 'per-item', terms: 'discount, --credits or --withdraw' };

function operator(): string {
  try {
    return `admin CLI (${os.userInfo().username})`;
  } catch {
    return 'admin CLI';
  }
}

function text(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

/** The result's sentence, or its first error as one line: a missing workspace or override exits 1, a bad option 2. */
function answer(result: ChangeResult): string {
  if (result.ok) return result.message;
  const [name, message] = Object.entries(result.errors)[0];
  const line = `--${FLAGS[name] ?? name}: ${message}`;
  throw result.notFound ? new Error(line) : new UsageError(line);
}

const pad = (cells: string[], widths: number[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();

export const PRICE_COMMANDS: Record<string, (options: Options) => Promise<string>> = {
  async prices(options) {
    const named = text(options, 'platform');
    const platform = named === undefined ? undefined : readPlatform(named);
    if (platform && 'error' in platform) throw new UsageError(`--platform: ${platform.error}`);
    const list = await listPrices({ platform: platform?.value ?? undefined });
    const rows = list.listings.map((l) => ({
      platform: l.platform,
      operation: l.operation,
      per: l.per,
      unit: l.unit,
      credits: l.credits,
      minimum: l.minimum,
      source: l.source,
      since: l.since,
      scheduled: l.scheduled,
    }));
    if (options.json) return JSON.stringify(rows);
    const header = ['platform', 'operation', 'unit', 'credits', 'minimum', 'source', 'since'];
    const cells = rows.map((r) => [r.platform, r.operation, r.per === 'item' ? `per ${r.unit}` : 'per call', String(r.credits), String(r.minimum), r.source, r.since ?? '-']);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
    return [pad(header, widths), ...cells.map((c) => pad(c, widths))].join('\n');
  },
  async 'set-price'(options) {
    return answer(await changePrice({ platform: text(options, 'platform'), operation: text(options, 'operation'), credits: text(options, 'credits'), minimum: text(options, 'minimum'), from: text(options, 'from') }, operator()));
  },
  async 'set-override'(options) {
    if (text(options, 'workspace') === undefined) throw new UsageError('--workspace is required');
    return answer(
      await changeOverride(
        {
          workspace: text(options, 'workspace'),
          platform: text(options, 'platform'),
          operation: text(options, 'operation'),
          discount: text(options, 'discount'),
          credits: text(options, 'credits'),
          withdraw: options.withdraw ? 'true' : '',
          from: text(options, 'from'),
        },
        operator(),
      ),
    );
  },
  async 'set-cost'(options) {
    return answer(
      await changeUpstreamCost(
        { platform: text(options, 'platform'), operation: text(options, 'operation'), perRequest: text(options, 'per-request'), perItem: text(options, 'per-item'), from: text(options, 'from') },
        operator(),
      ),
    );
  },
  async 'set-credit-value'(options) {
    return answer(await changeCreditValue({ value: text(options, 'value'), currency: text(options, 'currency'), from: text(options, 'from') }, operator()));
  },
};
