import { errorMessage } from '@/lib/explorer/error-message';

/** A failed fetch, said plainly. */
export function FetchError({ error }: { error: unknown }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      {errorMessage(error)}
    </div>
  );
}
