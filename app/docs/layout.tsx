import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { getCurrentUser } from '@/lib/auth/get-current-user';

// Public: the reference and guides need no account; signed-in readers get a way back.
export default async function DocsLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <Link href="/" className="flex shrink-0 items-baseline gap-2 text-lg font-bold tracking-tight">
            <span>
              <span aria-hidden="true" className="text-brand-600">
                ◆{' '}
              </span>
              Perch
            </span>
            <span className="text-sm font-medium text-slate-500 dark:text-slate-400">Docs</span>
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            {user ? (
              <Link href="/dashboard" className={buttonClasses('secondary', 'px-3 py-1.5')}>
                Dashboard
              </Link>
            ) : (
              <>
                <Link href="/signin" className={buttonClasses('ghost', 'px-3 py-1.5')}>
                  Sign in
                </Link>
                <Link href="/signup" className={buttonClasses('primary', 'px-3 py-1.5')}>
                  Sign up
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      {children}
    </div>
  );
}
