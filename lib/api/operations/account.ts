import { z } from 'zod';
import { getAccountSummary, type AccountSummary } from '@/lib/account/get-account-summary';
import { getAccountBudgets, withUnwrittenSpend } from '@/lib/budgets/account-budgets';
import { readWithUnwrittenCharges } from '@/lib/metering/meter';
import { flushParentUsage } from '@/lib/metering/usage-flush-requests';
import { PLATFORM_NAMES } from '@/lib/platform/platform';
import { COSTS, defineOperation } from '../define-operation';

/** The summary with charges not yet written taken off the balance and added to the key's spending. */
function withCharges(summary: AccountSummary, charged: number, chargedToKey: number): AccountSummary {
  return { ...summary, balance: summary.balance - charged, key: summary.key ? { ...summary.key, credits_spent: summary.key.credits_spent + chargedToKey } : null };
}

const periodSchema = z.object({
  budget: z.number().int().nullable().describe('Credits allowed in the period; null: no budget'),
  spent: z.number().int().describe('Charged in the current period'),
  resets_at: z.string().describe('When the next period starts (ISO 8601), in the workspace’s time zone'),
});
const periodsSchema = z.object({ day: periodSchema, month: periodSchema });
const budgetsSchema = z
  .object({
    time_zone: z.string().describe('The IANA time zone whose midnights start the days and months'),
    workspace: periodsSchema,
    key: periodsSchema.nullable().describe('null when called from a dashboard session rather than with a key'),
  })
  .describe('Daily and monthly budgets of the workspace and of this key, with this period’s spend: a call past one is refused with 402 key_budget_reached or workspace_budget_reached');

export const getAccount = defineOperation({
  id: 'getAccount',
  tag: 'Account',
  method: 'GET',
  path: '/v2/account',
  summary: 'Your account: balance, this key, the connected platform account',
  scope: 'read',
  cost: COSTS.free,
  response: z.object({
    email: z.string().describe('Who issued this key; without a key (dashboard session), who created the workspace'),
    workspace: z
      .object({ id: z.string(), slug: z.string(), name: z.string(), personal: z.boolean().describe('A person’s own workspace, made with their account') })
      .describe('The workspace the key belongs to: it owns the balance, keys, rules and connections'),
    balance: z.number().int(),
    key: z
      .object({
        id: z.string(),
        name: z.string(),
        prefix: z.string().describe('Display form of the key, perch_ab12…wxyz'),
        scopes: z.array(z.string()),
        rate_limit: z.number().int(),
        credit_limit: z.number().int().nullable(),
        credits_spent: z.number().int(),
      })
      .nullable()
      .describe('null when called from a dashboard session rather than with a key'),
    connected_account: z.object({ username: z.string() }).nullable(),
    budgets: budgetsSchema,
    platforms: z
      .object({
        default: z.enum(PLATFORM_NAMES).describe('What a request without the Perch-Platform header is served from'),
        available: z.array(z.enum(PLATFORM_NAMES)).describe('Every platform the Perch-Platform header may pick'),
        current: z.enum(PLATFORM_NAMES).describe('The platform that served this request'),
      })
      .describe('The platforms this deployment serves'),
  }),
  handler: async ({ caller, connectedAccount, platform, served }) => {
    // Charges this server answered and has not yet written are still counted in its leases'
    // rows: taken out here, so a balance read right after a paid call shows it (docs/metering.md).
    // In the dashboard's process (the playground) server.ts's calls are written first.
    await flushParentUsage();
    const { value: read, unwritten } = await readWithUnwrittenCharges(caller.userId, () =>
      Promise.all([getAccountSummary(caller.userId, caller.keyId), getAccountBudgets(caller.userId, caller.keyId)]),
    );
    const [stored, storedBudgets] = read;
    const chargedToKey = stored.key ? (unwritten.byKey.get(stored.key.id) ?? 0) : 0;
    const summary = unwritten.total === 0 ? stored : withCharges(stored, unwritten.total, chargedToKey);
    const budgets = unwritten.total === 0 ? storedBudgets : withUnwrittenSpend(storedBudgets, unwritten.total, chargedToKey);
    // The stored link alone is not enough: a grant revoked at the platform means writes get
    // 403 account_not_connected, so the account must not claim a connection either.
    // (summary.connected_account is the embedded platform's link; other platforms have their own.)
    const connected = platform.name !== 'local' || summary.connected_account ? await connectedAccount() : null;
    return {
      data: { ...summary, connected_account: connected ? { username: connected.username } : null, budgets, platforms: { ...served, current: platform.name } },
    };
  },
});
