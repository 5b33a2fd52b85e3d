'use client';

import { useQuery } from '@tanstack/react-query';
import type { RequestOptions, ResultMeta } from '@perch/client';
import { useRecordCharge } from './credit-meter';
import { PAID_QUERY } from './query-options';

/** One charged single-object fetch (a profile, a tweet, trends), its cost added to the running total. */
export function usePaidQuery<T>(key: readonly unknown[], operationId: string, run: (options: RequestOptions) => Promise<{ data: T; meta: ResultMeta }>) {
  const record = useRecordCharge();
  return useQuery({
    queryKey: ['explorer', operationId, ...key],
    // No abort signal, as in InfiniteFeed: a charged call is let finish and counted.
    queryFn: async () => {
      const result = await run({});
      record({ operationId, credits: result.meta.credits_charged, items: result.meta.result_count });
      return result;
    },
    ...PAID_QUERY,
  });
}
