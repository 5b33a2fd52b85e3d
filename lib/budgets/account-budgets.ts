import { getKeyBudgets } from './key-budgets';
import { getWorkspaceBudgets, type PeriodSpend } from './workspace-budgets';

type ApiPeriod = { budget: number | null; spent: number; resets_at: string };
type ApiPeriods = { day: ApiPeriod; month: ApiPeriod };

/** GET /v2/account's `budgets`: the workspace's and the key's, this day and month (docs/budgets.md). */
export type AccountBudgets = { time_zone: string; workspace: ApiPeriods; key: ApiPeriods | null };

const period = (spend: PeriodSpend, unwritten: number): ApiPeriod => ({ budget: spend.budget, spent: spend.spent + unwritten, resets_at: spend.resetsAt });

/** Reads them; `unwritten` are charges this server answered and has not written yet (counted in). */
export async function getAccountBudgets(workspaceId: string, keyId: string | null): Promise<AccountBudgets> {
  const [workspace, keys] = await Promise.all([getWorkspaceBudgets(workspaceId), getKeyBudgets(workspaceId, keyId ? [keyId] : [])]);
  if (!workspace) throw new Error(`workspace ${workspaceId} vanished while serving its request`);
  const key = keyId ? keys.get(keyId) : undefined;
  return {
    time_zone: workspace.timeZone,
    workspace: { day: period(workspace.day, 0), month: period(workspace.month, 0) },
    key: key ? { day: period(key.day, 0), month: period(key.month, 0) } : null,
  };
}

/** Adds charges answered and not yet written to the spend of the current periods. */
export function withUnwrittenSpend(budgets: AccountBudgets, total: number, ofKey: number): AccountBudgets {
  const add = (periods: ApiPeriods, amount: number): ApiPeriods => ({ day: { ...periods.day, spent: periods.day.spent + amount }, month: { ...periods.month, spent: periods.month.spent + amount } });
  return { ...budgets, workspace: add(budgets.workspace, total), key: budgets.key ? add(budgets.key, ofKey) : null };
}
