'use client';

import { INPUT_CLASSES } from '@/components/ui/text-field';

export type AuthMode = 'session' | 'key';

type Props = { mode: AuthMode; onMode: (mode: AuthMode) => void; apiKey: string; onApiKey: (key: string) => void; keyError?: string };

/** Whom the call runs as: the signed-in account, or a pasted key (kept in this tab's memory only). */
export function AuthChoice({ mode, onMode, apiKey, onApiKey, keyError }: Props) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Send as</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="pg-auth" value="session" checked={mode === 'session'} onChange={() => onMode('session')} className="mt-1" />
        <span>
          Signed-in account <span className="text-slate-500 dark:text-slate-400">(charged to you, shown as “Playground” in usage and the request log)</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="pg-auth" value="key" checked={mode === 'key'} onChange={() => onMode('key')} className="mt-1" />
        <span>An API key (its scopes, limits and rate limit apply)</span>
      </label>
      {mode === 'key' && (
        <div className="flex flex-col gap-1.5 pl-6">
          <label htmlFor="pg-api-key" className="text-sm font-medium">
            API key
          </label>
          <input
            id="pg-api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(e) => onApiKey(e.target.value)}
            placeholder="perch_…"
            aria-invalid={keyError ? true : undefined}
            aria-describedby={keyError ? 'pg-api-key-error' : 'pg-api-key-hint'}
            className={INPUT_CLASSES}
          />
          {keyError ? (
            <p id="pg-api-key-error" className="text-sm text-red-700 dark:text-red-400">
              {keyError}
            </p>
          ) : (
            <p id="pg-api-key-hint" className="text-xs text-slate-500 dark:text-slate-400">
              Sent straight to /v2 from this page; never stored or put in the address.
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
