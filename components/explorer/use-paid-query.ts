'use client';

import { useQuery } from '@tanstack/react-query';
import type { RequestOptions, ResultMeta } from '@perch/client';
import { useSpendApproval } from './ask-before-fetch';
import { useRecordCharge } from './credit-meter';
import { useFetchCost } from './explorer-prices';
import { PAID_QUERY } from './query-options';

/**
 * One charged single-object fetch (a profile, a tweet, trends), its cost added to the running
 * total. A fetch dearer than the user's threshold waits until `approval.approve()`; the view
 * shows <AskBeforeFetch> while `approval.approved` is false and nothing was fetched yet.
 */
export function usePaidQuery<T>(key: readonly unknown[], operationId: string, run: (options: RequestOptions) => Promise<{ data: T; meta: ResultMeta }>) {
  const record = useRecordCharge();
  const maxCost = useFetchCost()(operationId, 1);
  const approval = useSpendApproval(JSON.stringify([operationId, ...key]), maxCost);
  const query = useQuery({
    queryKey: ['explorer', operationId, ...key],
    // No abort signal, as in InfiniteFeed: a charged call is let finish and counted.
    queryFn: async () => {
      const result = await run({});
      record({ operationId, credits: result.meta.credits_charged, items: result.meta.result_count });
      return result;
    },
    ...PAID_QUERY,
    enabled: approval.approved,
  });
  return { ...query, approval, maxCost, waitingForApproval: query.isPending && !approval.approved };
}
