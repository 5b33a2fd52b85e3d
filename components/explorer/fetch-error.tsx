import { errorMessage } from '@/lib/explorer/error-message';

/** A failed fetch, said plainly; `what` names what was fetched (a 404 says it does not exist). */
export function FetchError({ error, what }: { error: unknown; what?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      {errorMessage(error, what)}
    </div>
  );
}
