import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getCurrentUser } from '@/lib/auth/get-current-user';

export default async function AuthLayout({ children }: { children: ReactNode }) {
  if (await getCurrentUser()) redirect('/dashboard');
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center">
      <Link href="/" className="mb-6 text-lg font-bold tracking-tight">
        <span aria-hidden="true" className="text-brand-600">
          ◆{' '}
        </span>
        Perch
      </Link>
      <main id="main" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {children}
      </main>
    </div>
  );
}
