'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';

export type PageErrorProps = { error: Error & { digest?: string }; reset: () => void; retry?: () => void };

type Cause = 'checking' | 'database' | 'other';

// While the database is down the page asks again this often and comes back by itself.
const RECHECK_MS = 5000;

async function databaseIsUp(): Promise<boolean> {
  try {
    // Asked of the body, not the status: /api/health is also a 503 while a background loop is down.
    const answer = await fetch('/api/health', { cache: 'no-store' });
    const body = (await answer.json().catch(() => null)) as { database?: string } | null;
    return body?.database === 'ok';
  } catch {
    return false; // this instance itself is not answering: the same for the reader
  }
}

/**
 * A page that failed to render. Production builds hide the server's error message, so the
 * cause is asked of /api/health: a database outage gets its own explanation and the page
 * reloads itself when the database is back; anything else offers to try again.
 */
export function PageError({ error, reset, retry }: PageErrorProps) {
  const router = useRouter();
  const [cause, setCause] = useState<Cause>('checking');

  const again = useCallback(() => {
    if (retry) retry();
    else {
      router.refresh();
      reset();
    }
  }, [retry, reset, router]);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (first: boolean) => {
      const up = await databaseIsUp();
      if (cancelled) return;
      if (up && !first) return again(); // it was down and is back
      setCause(up ? 'other' : 'database');
      if (!up) timer = setTimeout(() => void check(false), RECHECK_MS);
    };
    void check(true);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [error, again]);

  if (cause === 'checking') return <main id="main" className="mx-auto max-w-md px-6 py-16" aria-busy="true" />;
  if (cause === 'database') {
    return (
      <main id="main" role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
        <p className="text-sm font-semibold text-amber-600">503</p>
        <h1 className="text-2xl font-bold">Database unavailable</h1>
        <p className="text-slate-600 dark:text-slate-400">
          Perch cannot reach its database right now. It reconnects by itself; this page reloads as soon as the database is back. Nothing was charged meanwhile.
        </p>
        <button type="button" className={buttonClasses('secondary')} onClick={again}>
          Try again now
        </button>
      </main>
    );
  }
  return (
    <main id="main" role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-400">This page could not be shown.{error.digest ? ` Quote ${error.digest} when reporting it.` : ''}</p>
      <button type="button" className={buttonClasses('secondary')} onClick={again}>
        Try again
      </button>
    </main>
  );
}
