'use client';

import { signIn } from 'next-auth/react';
import type { OAuthProviderInfo } from '@/lib/auth/oauth-providers';
import { Button } from '@/components/ui/button';

/** "Continue with GitHub/Google", shown only for providers the server has credentials for. */
export function OAuthButtons({ providers, callbackUrl }: { providers: OAuthProviderInfo[]; callbackUrl: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      {providers.map((provider) => (
        <Button key={provider.id} variant="secondary" onClick={() => void signIn(provider.id, { callbackUrl })}>
          Continue with {provider.name}
        </Button>
      ))}
    </div>
  );
}
