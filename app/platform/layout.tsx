import type { ReactNode } from 'react';

// The embedded platform's own pages look unlike the dashboard on purpose: on the authorize
// screen the user is signing in to the platform, not to Perch.
export default function PlatformLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center dark:bg-slate-950">
      <p className="mb-6 flex items-center gap-2 text-lg font-bold tracking-tight">
        <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
          ◇
        </span>
        Platform
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">embedded</span>
      </p>
      <main id="main" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {children}
      </main>
      <p className="mt-6 max-w-md text-center text-xs text-slate-500 dark:text-slate-400">
        The microblogging platform that ships with this Perch deployment. It signs you in with its own accounts, not your Perch account.
      </p>
    </div>
  );
}
