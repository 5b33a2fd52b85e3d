import { fetchJson } from '@/components/dashboard/fetch-json';
import type { BalanceStatus } from '@/lib/alerts/balance-alert';

/** One query for the account's balance against its alert: the banner and the Billing form share it. */
export const BALANCE_STATUS_QUERY = {
  queryKey: ['balance-status'] as const,
  queryFn: () => fetchJson<BalanceStatus>('/api/dashboard/balance'),
  refetchInterval: 30_000,
};
