// Every explorer fetch spends credits, so nothing is fetched again behind the user's back:
// no refetch on focus, reconnect or remount, no automatic retry of a failed call (the client
// already retried a 5xx once). Going back to a page shows what was already paid for.
export const PAID_QUERY = {
  staleTime: Infinity,
  gcTime: 30 * 60_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
  retry: false,
} as const;
