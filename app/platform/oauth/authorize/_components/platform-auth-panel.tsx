'use client';

import { useState } from 'react';
import { PlatformSignInForm } from './platform-sign-in-form';
import { PlatformSignUpForm } from './platform-sign-up-form';

type Props = { authorizeQuery: string; clientName: string; minPasswordLength: number };

const TAB = 'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500';
const ON = 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white';
const OFF = 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';

/** Sign in to the platform, or create a platform account, before the consent screen. */
export function PlatformAuthPanel({ authorizeQuery, clientName, minPasswordLength }: Props) {
  const [mode, setMode] = useState<'signin' | 'signup'>('signin');
  return (
    <>
      <h1 className="text-xl font-bold">{mode === 'signin' ? 'Sign in to the platform' : 'Create a platform account'}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        <strong className="font-medium text-slate-900 dark:text-slate-100">{clientName}</strong> wants to connect to your platform account.
      </p>
      <div role="group" aria-label="Account" className="mt-5 flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        <button type="button" aria-pressed={mode === 'signin'} className={`${TAB} ${mode === 'signin' ? ON : OFF}`} onClick={() => setMode('signin')}>
          I have an account
        </button>
        <button type="button" aria-pressed={mode === 'signup'} className={`${TAB} ${mode === 'signup' ? ON : OFF}`} onClick={() => setMode('signup')}>
          Create one
        </button>
      </div>
      <div className="mt-5">
        {mode === 'signin' ? <PlatformSignInForm authorizeQuery={authorizeQuery} /> : <PlatformSignUpForm authorizeQuery={authorizeQuery} minPasswordLength={minPasswordLength} />}
      </div>
      {mode === 'signin' && (
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">Accounts generated with the demo data have no password; create your own account to connect.</p>
      )}
    </>
  );
}
