import { Button } from '@/components/ui/button';
import type { AuthorizeRequest } from '@/lib/oauth/authorize-request';
import { PLATFORM_SCOPES } from '@/lib/oauth/scopes';
import type { PlatformUser } from '@/lib/oauth/platform-sign-in';
import { platformSignOutAction } from '../actions';

type Props = { request: AuthorizeRequest; params: URLSearchParams; user: PlatformUser; csrf: string };

/**
 * The consent screen: who asks, as whom, for what. A plain form POST (no script needed) to
 * the decision route, which answers with a 303 to the client.
 */
export function ConsentForm({ request, params, user, csrf }: Props) {
  const returnTo = new URL(request.redirectUri);
  return (
    <>
      <h1 className="text-xl font-bold">Allow {request.clientName} to use your account?</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Signed in as <strong className="font-medium text-slate-900 dark:text-slate-100">@{user.username}</strong> ({user.name}).
      </p>
      <h2 className="mt-5 text-sm font-semibold">It will be able to:</h2>
      <ul aria-label="Requested permissions" className="mt-2 flex flex-col gap-2">
        {request.scopes.map((scope) => (
          <li key={scope} className="flex gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
            <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
              ✓
            </span>
            <span className="min-w-0">
              {PLATFORM_SCOPES[scope]}
              <code className="block break-all font-mono text-xs text-slate-500 dark:text-slate-400">{scope}</code>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs break-words text-slate-500 dark:text-slate-400">
        You will return to <span className="font-mono">{returnTo.origin}</span>. You can disconnect at any time, which revokes this access.
      </p>
      <form method="post" action="/platform/oauth/authorize/decision" className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {[...params].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="csrf" value={csrf} />
        <Button type="submit" name="decision" value="deny" variant="secondary">
          Cancel
        </Button>
        <Button type="submit" name="decision" value="allow">
          Allow
        </Button>
      </form>
      <form action={platformSignOutAction} className="mt-4 text-center">
        <input type="hidden" name="authorize_query" value={params.toString()} />
        <button type="submit" className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Not @{user.username}? Use another account
        </button>
      </form>
    </>
  );
}
