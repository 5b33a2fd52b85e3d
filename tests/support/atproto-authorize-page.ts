import http from 'node:http';

// A browser on a dev-env PDS's OAuth authorization page, reduced to its HTTP calls: the page
// (which sets the device and CSRF cookies), then the page's own API calls to sign in and to
// allow or refuse, then the redirect page that sends the browser back to the client. Node's
// fetch forces Sec-Fetch-Mode: cors, which the provider refuses for these calls, so this
// speaks node:http with a browser's Sec-Fetch-* headers.

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * Signs in as `username` on the authorization page at `authorizeUrl` and allows (or refuses)
 * the request; returns where the PDS sends the browser back to (the client's redirect URI
 * with code or error, state and iss).
 */
export async function answerAuthorizePage(authorizeUrl: string, username: string, password: string, decision: 'allow' | 'refuse' = 'allow'): Promise<string> {
  const issuer = new URL(authorizeUrl).origin;
  const cookies = new Map<string, string>();
  const absorb = (answer: Answer) => {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const page = await request(authorizeUrl, 'GET', { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' });
  if (page.status !== 200) throw new Error(`the authorization page answered ${page.status}: ${page.text.slice(0, 300)}`);
  absorb(page);
  const api = async (endpoint: string, body: unknown) => {
    const answer = await request(
      `${issuer}/@atproto/oauth-provider/~api${endpoint}`,
      'POST',
      {
        'content-type': 'application/json',
        origin: issuer,
        referer: authorizeUrl,
        'sec-fetch-mode': 'same-origin',
        'sec-fetch-site': 'same-origin',
        'x-csrf-token': cookies.get('csrf-token') ?? '',
        cookie: cookie(),
      },
      JSON.stringify(body),
    );
    absorb(answer);
    if (answer.status !== 200) throw new Error(`${endpoint} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as Record<string, unknown>;
  };
  const signedIn = (await api('/sign-in', { locale: 'en', username, password, remember: true })) as { account: { sub: string } };
  const decided = decision === 'allow' ? await api('/consent', { sub: signedIn.account.sub }) : await api('/reject', {});
  const back = await request(String(decided.url), 'GET', {
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-site': 'same-origin',
    referer: authorizeUrl,
    cookie: cookie(),
  });
  const location = back.headers.location;
  if (!location) throw new Error(`the redirect page answered ${back.status} without a Location: ${back.text.slice(0, 300)}`);
  return location;
}
