import Link from 'next/link';

/** A failed write, explained; "not connected" links to where to fix it. */
export function WriteError({ code, message }: { code: string; message: string }) {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {code === 'account_not_connected' ? (
        <>
          No platform account is connected.{' '}
          <Link href="/dashboard/connections" className="font-medium underline underline-offset-2">
            Connect one
          </Link>{' '}
          to write.
        </>
      ) : code === 'insufficient_credits' ? (
        <>Not enough credits for this write. {message}</>
      ) : (
        message
      )}
    </p>
  );
}
