import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { problem, route } from './fake-x-routes';
import { toWire } from './fake-x-shapes';
import { emptyWorld, PROBLEM_INVALID, PROBLEM_NOT_FOUND, type FakeXWorld } from './fake-x-world';

// A local stand-in for X's API v2 as X's own SDK (@xdevplatform/xdk) describes it today (X cannot
// be called from tests): posts with post.fields, referenced_posts and includes.posts, each route
// as strict as X about its query (fake-x-params.ts), answers typed by the SDK's response types
// (fake-x-routes.ts, fake-x-shapes.ts) and sent as X's snake_case JSON: {data, includes, meta:
// {result_count, next_token}}, partial errors as problems in `errors`, whole-request errors as
// a problem {title, detail, type}, and x-rate-limit-limit/-remaining/-reset on every answer. It
// speaks HTTPS only, with a self-signed certificate made at start by the openssl CLI. It is also
// X's OAuth 2.0 authorization server for one registered client: an authorize page,
// /2/oauth2/token and /2/oauth2/revoke.

/**
 * An answer for a path that replaces the normal one: a 429 with its reset, a 5xx, no answer at
 * all, X's 404, or any status with X's problem body for it (or `body`, sent as given).
 */
export type Fault =
  | { kind: 'rate_limit'; resetIn: number }
  | { kind: 'server_error'; status: number }
  | { kind: 'hang' }
  | { kind: 'not_found_status' }
  | { kind: 'status'; status: number; body?: unknown };

/** X's problem body for a status, as a `status` fault sends it when given none. */
export function problemFor(status: number): { title: string; detail: string; type: string; status: number } {
  const known: Record<number, [string, string, string]> = {
    400: ['Invalid Request', 'One or more parameters to your request was invalid.', PROBLEM_INVALID],
    401: ['Unauthorized', 'Unauthorized', 'about:blank'],
    403: ['Forbidden', 'You are not permitted to perform this action.', 'https://api.x.com/2/problems/client-forbidden'],
    404: ['Not Found Error', 'Could not find the resource.', PROBLEM_NOT_FOUND],
    422: ['Unprocessable Entity', 'The request could not be processed.', 'about:blank'],
    429: ['Too Many Requests', 'Too Many Requests', 'about:blank'],
  };
  const [title, detail, type] = known[status] ?? ['Error', `Error ${status}`, 'about:blank'];
  return { title, detail, type, status };
}

export type FakeX = {
  /** The API origin, https://127.0.0.1:<port>. */
  url: string;
  /** The PEM certificate to trust (an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS for a child process). */
  certificate: string;
  certificateFile: string;
  agent: https.Agent;
  bearerToken: string;
  client: { id: string; secret: string };
  world: FakeXWorld;
  /** Method and path (with query) of every request, in order. */
  calls: string[];
  /** When each of `calls` came (Date.now()). */
  callTimes: number[];
  /** Requests no route of the fake answers (a test expects none: each is an adapter calling a wrong path). */
  unmatched: string[];
  /** Answers for a path (without query) that replace the normal one. */
  faults: Map<string, Fault>;
  /** An access token acting as a user, as if granted by the flow. */
  issueUserToken(userId: string, options?: { scopes?: string[]; expiresIn?: number }): { accessToken: string; refreshToken: string };
  /** Revokes every token of a user (a grant withdrawn at X). */
  revokeUser(userId: string): void;
  close(): Promise<void>;
};

const SCOPES = 'tweet.read tweet.write users.read follows.read follows.write like.read like.write offline.access';

type Grant = { userId: string; scopes: string[] };
type Code = Grant & { redirectUri: string; challenge: string; clientId: string };

function makeCertificate(): { key: string; cert: string; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-x-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), file: certFile, dir };
}

function token(prefix: string): string {
  return `${prefix}${crypto.randomBytes(18).toString('base64url')}`;
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeX(world: FakeXWorld = emptyWorld()): Promise<FakeX> {
  const { key, cert, file, dir } = makeCertificate();
  const bearerToken = token('AAAA');
  const client = { id: 'perch-x-client', secret: token('cs_') };
  const access = new Map<string, Grant & { expires: number }>();
  const refresh = new Map<string, Grant>();
  const codes = new Map<string, Code>();
  const calls: string[] = [];
  const callTimes: number[] = [];
  const unmatched: string[] = [];
  const faults = new Map<string, Fault>();

  const issueUserToken: FakeX['issueUserToken'] = (userId, options = {}) => {
    const grant = { userId, scopes: options.scopes ?? SCOPES.split(' ') };
    const accessToken = token('xat_');
    const refreshToken = token('xrt_');
    access.set(accessToken, { ...grant, expires: Date.now() + (options.expiresIn ?? 7200) * 1000 });
    refresh.set(refreshToken, grant);
    return { accessToken, refreshToken };
  };

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'https://fake-x');
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      callTimes.push(Date.now());
      const raw = Buffer.concat(chunks).toString();
      const reset = Math.floor(Date.now() / 1000) + 900;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-rate-limit-limit': '900',
          'x-rate-limit-remaining': '899',
          'x-rate-limit-reset': String(reset),
          ...headers,
        });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      const fault = faults.get(url.pathname);
      if (fault?.kind === 'hang') return; // never answers
      if (fault?.kind === 'rate_limit') {
        const at = Math.floor(Date.now() / 1000) + fault.resetIn;
        return send(429, problemFor(429), { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(at) });
      }
      if (fault?.kind === 'server_error') return send(fault.status, { ...problemFor(fault.status), title: 'Service Unavailable', detail: 'Service Unavailable' });
      if (fault?.kind === 'not_found_status') return send(404, problemFor(404));
      if (fault?.kind === 'status') return send(fault.status, fault.body ?? problemFor(fault.status));

      if (url.pathname === '/i/oauth2/authorize') return authorize(request.method ?? 'GET', url, raw, response);
      if (url.pathname === '/2/oauth2/token' && request.method === 'POST') return tokenEndpoint(request.headers.authorization, raw, send);
      if (url.pathname === '/2/oauth2/revoke' && request.method === 'POST') {
        const form = new URLSearchParams(raw);
        access.delete(form.get('token') ?? '');
        refresh.delete(form.get('token') ?? '');
        return send(200, { revoked: true });
      }

      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const grant = access.get(bearer);
      const isApp = bearer === bearerToken;
      if (!isApp && (!grant || grant.expires < Date.now())) return send(401, problemFor(401));
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          const parsed: unknown = JSON.parse(raw);
          body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
        } catch {
          const refused = problem(400, 'Invalid Request', 'The request body is not JSON.', PROBLEM_INVALID);
          return send(refused.status, refused.body);
        }
      }
      let answer;
      try {
        answer = route(world, request.method ?? 'GET', url, body, isApp ? null : { userId: grant!.userId });
      } catch (error) {
        // A test's world the fake cannot answer: X's 500, and the reason, rather than a dead socket.
        return send(500, { title: 'Internal Error', detail: String(error), type: 'https://api.x.com/2/problems/internal-error', status: 500 });
      }
      if (answer.unmatched) unmatched.push(`${request.method} ${url.pathname}`);
      return send(answer.status, toWire(answer.body));
    });
  });

  function authorize(method: string, url: URL, raw: string, response: import('node:http').ServerResponse): void {
    const params = method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== client.id || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/html' });
      response.end('<p>Something went wrong: unknown client.</p>');
      return;
    }
    if (method === 'GET') {
      // X's consent page, reduced to its form: which account, allow or cancel.
      const hidden = [...params].map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`).join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<form method="post" action="/i/oauth2/authorize">${hidden}<input name="username"><button name="decision" value="allow">Authorize app</button><button name="decision" value="deny">Cancel</button></form>`);
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', params.get('state') ?? '');
    const user = world.users.find((candidate) => candidate.username.toLowerCase() === (params.get('username') ?? '').toLowerCase());
    if (params.get('decision') !== 'allow' || !user) back.searchParams.set('error', 'access_denied');
    else {
      const code = token('code_');
      codes.set(code, { userId: user.id, scopes: (params.get('scope') ?? '').split(' ').filter(Boolean), redirectUri, challenge: params.get('code_challenge') ?? '', clientId: client.id });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  function tokenEndpoint(authorization: string | undefined, raw: string, send: (status: number, body: unknown) => void): void {
    const form = new URLSearchParams(raw);
    const basic = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
    if (id !== client.id || (secret && secret !== client.secret)) return send(401, { error: 'invalid_client', error_description: 'Missing valid authorization header' });
    const invalid = () => send(400, { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' });
    let grant: Grant;
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!code || code.redirectUri !== form.get('redirect_uri') || crypto.createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return invalid();
      grant = code;
    } else if (form.get('grant_type') === 'refresh_token') {
      const old = refresh.get(form.get('refresh_token') ?? '');
      if (!old) return invalid();
      refresh.delete(form.get('refresh_token') ?? ''); // refresh tokens rotate
      grant = old;
    } else return send(400, { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' });
    const tokens = issueUserToken(grant.userId, { scopes: grant.scopes });
    send(200, {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: tokens.accessToken,
      scope: grant.scopes.join(' '),
      ...(grant.scopes.includes('offline.access') ? { refresh_token: tokens.refreshToken } : {}),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    certificate: cert,
    certificateFile: file,
    agent: new https.Agent({ ca: cert, keepAlive: false }),
    bearerToken,
    client,
    world,
    calls,
    callTimes,
    unmatched,
    faults,
    issueUserToken,
    revokeUser(userId) {
      for (const [value, grant] of access) if (grant.userId === userId) access.delete(value);
      for (const [value, grant] of refresh) if (grant.userId === userId) refresh.delete(value);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One HTTPS request to the fake as a browser would send it (its certificate trusted): status, location and body. */
export function requestFake(fake: FakeX, url: string, init: { method?: string; form?: URLSearchParams } = {}): Promise<{ status: number; location: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const body = init.form?.toString();
    const req = https.request(url, { method: init.method ?? 'GET', agent: fake.agent, headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Answers X's consent page at `authorizeUrl` as `username` (allow, unless told otherwise); X's redirect back. */
export async function consentAtFakeX(fake: FakeX, authorizeUrl: string, username: string, options: { decision?: 'allow' | 'deny'; scope?: string } = {}): Promise<URL> {
  const page = await requestFake(fake, authorizeUrl);
  if (page.status !== 200 || !page.body.includes('Authorize app')) throw new Error(`the fake's authorize page answered ${page.status}: ${page.body.slice(0, 200)}`);
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  if (options.scope) form.set('scope', options.scope);
  form.set('username', username);
  form.set('decision', options.decision ?? 'allow');
  const answer = await requestFake(fake, `${fake.url}/i/oauth2/authorize`, { method: 'POST', form });
  if (answer.status !== 302 || !answer.location) throw new Error(`the fake's consent answered ${answer.status}`);
  return new URL(answer.location);
}
