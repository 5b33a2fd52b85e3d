import type { OAuthError } from '@/lib/oauth/errors';

/**
 * An authorization request that cannot be answered to its client (unknown client, redirect
 * URI not registered): RFC 6749 §4.1.2.1 says to tell the user instead of redirecting.
 */
export function AuthorizeError({ error }: { error: OAuthError }) {
  return (
    <>
      <h1 className="text-xl font-bold">This authorization request cannot be used</h1>
      <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        <code className="font-mono font-medium">{error.code}</code>: {error.description}.
      </div>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Go back to the application you came from and start connecting again.</p>
    </>
  );
}
