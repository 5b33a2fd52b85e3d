import { can } from '@/lib/workspaces/roles';
import type { Browser } from './dashboard-http';
import { isOutside, type Actor } from './shared-workspace-world';
import type { Access } from './workspace-route-table';

// How one call of the role matrix should end, and whether it did: let through (anything but
// 401, 403, 404, a server error or the sign-in page), refused (403 or 404) or, for someone who
// is not a member at all, 404, as if the workspace did not exist. A refusal shows none of the
// workspace's data.

/** The heading of app/forbidden.tsx, the page a role without the right sees. */
export const FORBIDDEN_PAGE = 'Not open to your role';

export type Expected = 'allowed' | 'refused' | 'not-member';

export function expectedFor(access: Access, actor: Actor): Expected {
  if (access === 'person') return 'allowed';
  if (access === 'site-admin') return actor === 'site-admin' ? 'allowed' : 'refused';
  if (isOutside(actor)) return 'not-member';
  if (access === 'member') return 'allowed';
  return can(actor, access) ? 'allowed' : 'refused';
}

export type Answer = { status: number; location: string | null; body: string };

/** One request as a browser of the dashboard sends it (same origin), its body read unless it streams. */
export async function send(b: Browser, origin: string, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const sent: Record<string, string> = { accept: path.includes('/api/') ? 'application/json' : 'text/html', ...headers };
  if (method !== 'GET' && method !== 'HEAD') sent.origin = origin;
  if (body !== undefined) sent['content-type'] = 'application/json';
  const response = await b.fetch(path, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
  const streams = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  if (streams) await response.body?.cancel();
  return { status: response.status, location: response.headers.get('location'), body: streams ? '' : await response.text() };
}

export type JudgeOptions = {
  /** A page: an allowed caller is shown it (200), a refused one the 403 or 404 page. */
  page?: boolean;
  unserved?: RegExp;
  /** A route that redirects everyone: where an allowed caller goes (a page of the shared workspace). */
  redirectsInto?: string;
};

/** What is wrong with `answer`, or null. `secrets`: texts this actor must not see in a refusal. */
export function judge(expected: Expected, answer: Answer, secrets: string[], { page = false, unserved, redirectsInto }: JudgeOptions = {}): string | null {
  const { status, location, body } = answer;
  if (location && /\/signin\b/.test(location)) return `sent a signed-in person to sign in (${status} → ${location})`;
  if (redirectsInto) return judgeRedirect(expected, answer, secrets, redirectsInto);
  if (expected === 'allowed') {
    // A page of the workspace the URL names is shown, not a redirect elsewhere.
    if (page && status !== 200) return `allowed page, but answered ${status}${location ? ` → ${location}` : ''}`;
    if (status === 404 && unserved?.test(body)) return null;
    if (status === 401 || status === 403 || status === 404 || status >= 500) return `allowed, but answered ${status}: ${body.slice(0, 160)}`;
    return null;
  }
  if (expected === 'not-member' && status !== 404) return `not a member, but answered ${status} (want 404): ${body.slice(0, 160)}`;
  if (expected === 'refused' && status !== 403 && status !== 404) return `refused role, but answered ${status} (want 403 or 404): ${body.slice(0, 160)}`;
  if (page && status === 403 && !body.includes(FORBIDDEN_PAGE)) return `answered 403 without the "${FORBIDDEN_PAGE}" page`;
  return leaked(body, secrets);
}

/** An OAuth return or unprefixed page redirects everyone: into the workspace whom it allows, elsewhere whom not. */
function judgeRedirect(expected: Expected, answer: Answer, secrets: string[], into: string): string | null {
  if (![303, 307, 308].includes(answer.status) || !answer.location) return `answered ${answer.status}, not a redirect`;
  const intoWorkspace = new URL(answer.location, 'http://perch.invalid').pathname.startsWith(into);
  if (expected === 'allowed') return intoWorkspace ? null : `allowed, but sent to ${answer.location}, not ${into}`;
  if (intoWorkspace) return `refused, but sent into the workspace: ${answer.location}`;
  return leaked(answer.body, secrets);
}

export function leaked(body: string, secrets: string[]): string | null {
  const shown = secrets.filter((secret) => body.includes(secret));
  return shown.length > 0 ? `shows the workspace's data: ${shown.join(', ')}` : null;
}
