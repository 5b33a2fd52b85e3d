import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * A page of one small card under the brand, for the flows outside the dashboard: sign-in and
 * sign-up, confirming an email, answering an invitation (`wide` for the invitation's details).
 */
export function BrandCardPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center">
      <Link href="/" className="mb-6 text-lg font-bold tracking-tight">
        <span aria-hidden="true" className="text-brand-600">
          ◆{' '}
        </span>
        Perch
      </Link>
      <main
        id="main"
        className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900`}
      >
        {children}
      </main>
    </div>
  );
}
