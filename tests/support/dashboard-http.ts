// A dashboard browser reduced to its cookies, for tests over real HTTP against server.ts:
// signs in through next-auth's own endpoints (CSRF token and all) and replays cookies.

export type Browser = {
  cookies: Map<string, string>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  json(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
};

function absorb(cookies: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
    if (expired || value === '') cookies.delete(name);
    else cookies.set(name, value);
  }
}

/**
 * A cookie jar over `baseUrl`; `cookies` can be copied to replay an old session. `headers` go
 * on every request (an X-Forwarded-For, to a server that trusts its proxy, picks the client's address).
 */
export function browser(baseUrl: string, cookies = new Map<string, string>(), headers: Record<string, string> = {}): Browser {
  const self: Browser = {
    cookies,
    async fetch(path, init = {}) {
      const sent = new Headers(init.headers);
      for (const [name, value] of Object.entries(headers)) sent.set(name, value);
      if (cookies.size > 0) sent.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(new URL(path, baseUrl), { ...init, headers: sent, redirect: 'manual' });
      absorb(cookies, response);
      return response;
    },
    async json(path, body) {
      const response = await self.fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
  };
  return self;
}

async function csrfToken(b: Browser): Promise<string> {
  const { body } = await b.json('/api/auth/csrf');
  return String(body.csrfToken);
}

/** Signs in with email and password through next-auth's credentials callback; returns the redirect URL or error. */
export async function signInOverHttp(b: Browser, email: string, password: string, extra: Record<string, string> = {}): Promise<{ ok: boolean; url: string }> {
  const form = new URLSearchParams({ csrfToken: await csrfToken(b), email, password, callbackUrl: '/dashboard', json: 'true', ...extra });
  const response = await b.fetch('/api/auth/callback/credentials', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const body = (await response.json()) as { url: string };
  return { ok: !new URL(body.url).searchParams.has('error'), url: body.url };
}

/** Signs out through next-auth's endpoint, as the Sign out button does. */
export async function signOutOverHttp(b: Browser): Promise<void> {
  const form = new URLSearchParams({ csrfToken: await csrfToken(b), callbackUrl: '/', json: 'true' });
  const response = await b.fetch('/api/auth/signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  await response.text();
}

/** Whether this cookie jar is signed in: next-auth's session endpoint and a dashboard route agree. */
export async function sessionState(b: Browser): Promise<{ session: Record<string, unknown>; keysStatus: number }> {
  const session = (await b.json('/api/auth/session')).body;
  const keys = await b.fetch('/api/dashboard/keys');
  await keys.text();
  return { session, keysStatus: keys.status };
}

/**
 * GETs a dashboard page as a browser would: `/dashboard/…` answers 307 to the same page in the
 * person's workspace (`/w/<slug>/dashboard/…`), which is then fetched with the same cookies.
 */
export async function fetchPage(b: Browser, path: string): Promise<Response> {
  let response = await b.fetch(path);
  for (let hops = 0; hops < 3 && response.status === 307; hops++) {
    const location = response.headers.get('location');
    if (!location?.startsWith('/')) break;
    response = await b.fetch(location);
  }
  return response;
}

/** Matches `path` (`/dashboard/connections?x=connected`) inside any workspace: `/w/<slug>/dashboard/…`. */
export function inAnyWorkspace(path: string): RegExp {
  return new RegExp(`^/w/[a-z0-9-]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
