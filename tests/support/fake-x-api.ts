import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { XTweet } from '@/lib/platform/x/x-types';
import { searchMatches } from './fake-x-search';
import { emptyWorld, nextId, notFoundProblem, tweetAnswer, userObjects, type FakeXWorld } from './fake-x-world';

// A local stand-in for X API v2 (X cannot be called from tests), answering in its documented
// shapes: {data, includes, meta: {result_count, next_token}}, partial errors as problems in
// `errors`, whole-request errors as a problem {title, detail, type, status}, and
// x-rate-limit-limit/-remaining/-reset on every answer. It speaks HTTPS only, as twitter-api-v2
// does, with a self-signed certificate made at start by the openssl CLI. It is also X's OAuth 2.0
// authorization server for one registered client: an authorize page and /2/oauth2/token.

export type Fault = { kind: 'rate_limit'; resetIn: number } | { kind: 'server_error'; status: number } | { kind: 'hang' } | { kind: 'not_found_status' };

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
      const problem = (status: number, title: string, detail: string, type = 'about:blank') => send(status, { title, detail, type, status });
      const fault = faults.get(url.pathname);
      if (fault?.kind === 'hang') return; // never answers
      if (fault?.kind === 'rate_limit') {
        const at = Math.floor(Date.now() / 1000) + fault.resetIn;
        return send(429, { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(at) });
      }
      if (fault?.kind === 'server_error') return problem(fault.status, 'Service Unavailable', 'Service Unavailable');
      if (fault?.kind === 'not_found_status') return problem(404, 'Not Found Error', 'Could not find the resource.', 'https://api.twitter.com/2/problems/resource-not-found');

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
      if (!isApp && (!grant || grant.expires < Date.now())) return problem(401, 'Unauthorized', 'Unauthorized');
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return problem(400, 'Invalid Request', 'The request body is not JSON.');
        }
      }
      const answer = route(world, request.method ?? 'GET', url, body, isApp ? null : grant!);
      if (answer.status === 200) return send(200, answer.body);
      if (answer.type === UNMATCHED) unmatched.push(`${request.method} ${url.pathname}`);
      return problem(answer.status, answer.title ?? 'Error', answer.detail ?? '', answer.type);
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

// ── The API's routes ─────────────────────────────────────────────────────────────────

/** A route's answer: a 200 body, or the problem of an error status. */
type Answer = { status: number; body?: unknown; title?: string; detail?: string; type?: string };

const INVALID = 'https://api.twitter.com/2/problems/invalid-request';
const UNMATCHED = 'about:blank#unmatched';

function ok(body: unknown): Answer {
  return { status: 200, body };
}

function invalid(detail: string): Answer {
  return { status: 400, title: 'Invalid Request', detail, type: INVALID };
}

/** One page of `items` per max_results (X's bounds for the endpoint) and the page token. */
function paged<T>(items: readonly T[], query: URLSearchParams, min: number, max: number, tokenName = 'pagination_token'): { page: T[]; meta: Record<string, unknown> } | Answer {
  const size = query.has('max_results') ? Number(query.get('max_results')) : Math.min(max, 100);
  if (!Number.isInteger(size) || size < min || size > max) return invalid(`The \`max_results\` query parameter value [${query.get('max_results')}] is not between ${min} and ${max}`);
  const tokenValue = query.get(tokenName);
  const offset = tokenValue ? Number(Buffer.from(tokenValue, 'base64url').toString().replace(/^o:/, '')) : 0;
  if (!Number.isInteger(offset) || offset < 0) return invalid(`The \`${tokenName}\` query parameter value is not valid`);
  const page = items.slice(offset, offset + size);
  const end = offset + page.length;
  return { page, meta: { result_count: page.length, ...(end < items.length ? { next_token: Buffer.from(`o:${end}`).toString('base64url') } : {}) } };
}

function isAnswer(value: unknown): value is Answer {
  return typeof (value as Answer).status === 'number';
}

function newestFirst(tweets: XTweet[]): XTweet[] {
  return [...tweets].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
}

function route(world: FakeXWorld, method: string, url: URL, body: Record<string, unknown>, grant: Grant | null): Answer {
  const query = url.searchParams;
  const parts = url.pathname.split('/').slice(2); // after /2/
  const [head, a, b, c] = parts;
  const userById = (id: string) => world.users.find((user) => user.id === id);
  const tweetById = (id: string) => world.tweets.find((tweet) => tweet.id === id);
  const userPage = (users: ReturnType<typeof userById>[], min: number, max: number, tokenName?: string): Answer => {
    const result = paged(
      users.filter((user) => user !== undefined),
      query,
      min,
      max,
      tokenName,
    );
    if (isAnswer(result)) return result;
    return ok({ ...(result.page.length ? { data: userObjects(world, result.page, query) } : {}), meta: result.meta });
  };
  const tweetPage = (tweets: XTweet[], min: number, max: number, tokenName?: string): Answer => {
    const result = paged(newestFirst(tweets), query, min, max, tokenName);
    if (isAnswer(result)) return result;
    // X's tweet lists name the page's newest and oldest ids in meta.
    const ids = result.page.length ? { newest_id: result.page[0].id, oldest_id: result.page[result.page.length - 1].id } : {};
    return ok({ ...(result.page.length ? tweetAnswer(world, result.page, query) : {}), meta: { ...ids, ...result.meta } });
  };
  // Writes and user-context reads act as the token's user, and only as it.
  const actingAs = (id: string): Answer | null => (grant?.userId === id ? null : { status: 403, title: 'Forbidden', detail: 'You are not permitted to perform this action.', type: 'about:blank' });

  if (method === 'GET' && head === 'users') {
    if (a === 'me') return grant ? ok({ data: userObjects(world, [userById(grant.userId)!], query)[0] }) : { status: 403, title: 'Unsupported Authentication', detail: 'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.' };
    if (a === 'by' && b === 'username' && c) {
      const user = world.users.find((candidate) => candidate.username.toLowerCase() === c.toLowerCase());
      return ok(user ? { data: userObjects(world, [user], query)[0] } : { errors: [notFoundProblem('user', 'username', c)] });
    }
    if (a === 'by' && !b) {
      const names = (query.get('usernames') ?? '').split(',').filter(Boolean);
      if (names.length === 0 || names.length > 100) return invalid('usernames must hold 1 to 100 names');
      const found = names.map((name) => world.users.find((user) => user.username.toLowerCase() === name.toLowerCase()));
      const errors = names.filter((_name, index) => !found[index]).map((name) => notFoundProblem('user', 'usernames', name));
      const users = found.filter((user) => user !== undefined);
      return ok({ ...(users.length ? { data: userObjects(world, users, query) } : {}), ...(errors.length ? { errors } : {}) });
    }
    if (a === 'search') {
      const words = (query.get('query') ?? '').toLowerCase();
      return userPage(
        world.users.filter((user) => `${user.username} ${user.name ?? ''} ${user.description ?? ''}`.toLowerCase().includes(words)),
        1,
        1000,
        'next_token',
      );
    }
    const user = a ? userById(a) : undefined;
    if (!user) return ok({ errors: [notFoundProblem('user', 'id', a ?? '')] });
    if (!b) return ok({ data: userObjects(world, [user], query)[0] });
    if (b === 'tweets') {
      const exclude = (query.get('exclude') ?? '').split(',');
      return tweetPage(
        world.tweets.filter(
          (tweet) =>
            tweet.author_id === user.id &&
            !(exclude.includes('replies') && tweet.referenced_tweets?.some((ref) => ref.type === 'replied_to')) &&
            !(exclude.includes('retweets') && tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted')),
        ),
        5,
        100,
      );
    }
    if (b === 'mentions') return tweetPage(world.tweets.filter((tweet) => tweet.entities?.mentions?.some((mention) => mention.username.toLowerCase() === user.username.toLowerCase())), 5, 100);
    if (b === 'followers') return userPage([...world.follows].reverse().filter(([, followed]) => followed === user.id).map(([follower]) => userById(follower)), 1, 1000);
    if (b === 'following') return userPage([...world.follows].reverse().filter(([follower]) => follower === user.id).map(([, followed]) => userById(followed)), 1, 1000);
  }

  if (method === 'GET' && head === 'tweets') {
    if (a === 'search' && b === 'recent') {
      const text = query.get('query') ?? '';
      if (!text) return invalid('query is required');
      const start = query.get('start_time');
      const end = query.get('end_time');
      const sinceId = query.get('since_id');
      // As instants: 12:00:00.5Z is after a start_time of 12:00:00Z, whatever the strings' order.
      const time = (tweet: XTweet) => Date.parse(tweet.created_at!);
      const found = world.tweets.filter(
        (tweet) =>
          searchMatches(world, tweet, text) && (!start || time(tweet) >= Date.parse(start)) && (!end || time(tweet) < Date.parse(end)) && (!sinceId || BigInt(tweet.id) > BigInt(sinceId)),
      );
      return tweetPage(found, 10, 100, 'next_token');
    }
    if (!a) {
      const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100) return invalid('ids must hold 1 to 100 ids');
      const found = ids.map(tweetById);
      const tweets = found.filter((tweet) => tweet !== undefined);
      const errors = ids.filter((_id, index) => !found[index]).map((id) => notFoundProblem('tweet', 'ids', id));
      return ok({ ...(tweets.length ? tweetAnswer(world, tweets, query) : {}), ...(errors.length ? { errors } : {}) });
    }
    const tweet = tweetById(a);
    if (!b) {
      if (!tweet) return ok({ errors: [notFoundProblem('tweet', 'id', a)] });
      const answer = tweetAnswer(world, [tweet], query);
      return ok({ data: answer.data[0], ...(answer.includes ? { includes: answer.includes } : {}) });
    }
    // X lists nobody for a post that does not exist, as for one nobody engaged with.
    if (b === 'liking_users') return userPage(tweet ? [...world.likes].reverse().filter(([, id]) => id === tweet.id).map(([userId]) => userById(userId)) : [], 1, 100);
    if (b === 'retweeted_by') return userPage(world.tweets.filter((other) => other.referenced_tweets?.some((ref) => ref.type === 'retweeted' && ref.id === a)).map((other) => userById(other.author_id!)), 1, 100);
    if (b === 'quote_tweets') return tweetPage(world.tweets.filter((other) => other.referenced_tweets?.some((ref) => ref.type === 'quoted' && ref.id === a)), 10, 100);
  }

  if (method === 'GET' && head === 'lists' && a) {
    const list = world.lists.find((candidate) => candidate.id === a);
    if (!list) return ok({ errors: [notFoundProblem('list', 'id', a)] });
    if (!b) return ok({ data: { id: list.id, name: list.name } });
    if (b === 'tweets') return tweetPage(world.tweets.filter((tweet) => list.members.includes(tweet.author_id!)), 1, 100);
    if (b === 'members') return userPage(list.members.map(userById), 1, 100);
    if (b === 'followers') return userPage(list.followers.map(userById), 1, 100);
  }

  if (method === 'GET' && head === 'trends' && a === 'by' && b === 'woeid' && c) {
    const max = Number(query.get('max_trends') ?? 20);
    if (!Number.isInteger(max) || max < 1 || max > 50) return invalid('max_trends must be between 1 and 50');
    return ok({ data: (world.trends[c] ?? []).slice(0, max) });
  }

  if (head === 'tweets' && method === 'POST' && !a) {
    if (!grant) return { status: 403, title: 'Unsupported Authentication', detail: 'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.' };
    const text = typeof body.text === 'string' ? body.text : '';
    const replyTo = (body.reply as { in_reply_to_tweet_id?: string } | undefined)?.in_reply_to_tweet_id;
    const quoted = body.quote_tweet_id as string | undefined;
    const parent = replyTo ? tweetById(replyTo) : undefined;
    if ((replyTo && !parent) || (quoted && !tweetById(quoted))) return invalid('The referenced post does not exist.');
    const id = nextId();
    const references = [...(parent ? [{ type: 'replied_to' as const, id: parent.id }] : []), ...(quoted ? [{ type: 'quoted' as const, id: quoted }] : [])];
    world.tweets.push({
      id,
      text,
      author_id: grant.userId,
      created_at: new Date().toISOString(),
      conversation_id: parent ? (parent.conversation_id ?? parent.id) : id,
      lang: 'en',
      ...(parent ? { in_reply_to_user_id: parent.author_id } : {}),
      ...(references.length ? { referenced_tweets: references } : {}),
    });
    return ok({ data: { id, text, edit_history_tweet_ids: [id] } });
  }
  if (head === 'tweets' && method === 'DELETE' && a) {
    const tweet = tweetById(a);
    if (tweet && tweet.author_id !== grant?.userId) return { status: 403, title: 'Forbidden', detail: 'You are not allowed to delete a Tweet you do not own.' };
    if (tweet) world.tweets.splice(world.tweets.indexOf(tweet), 1);
    return ok({ data: { deleted: Boolean(tweet) } });
  }

  if (head === 'users' && a && (method === 'POST' || method === 'DELETE')) {
    const refused = actingAs(a);
    if (refused) return refused;
    if (b === 'likes') {
      const tweetId = method === 'POST' ? String(body.tweet_id ?? '') : (c ?? '');
      if (!tweetById(tweetId)) return invalid(`Could not find tweet with tweet_id: [${tweetId}].`);
      const index = world.likes.findIndex(([userId, id]) => userId === a && id === tweetId);
      if (method === 'POST' && index < 0) world.likes.push([a, tweetId]);
      if (method === 'DELETE' && index >= 0) world.likes.splice(index, 1);
      return ok({ data: { liked: method === 'POST' } });
    }
    if (b === 'retweets') {
      const tweetId = method === 'POST' ? String(body.tweet_id ?? '') : (c ?? '');
      if (!tweetById(tweetId)) return invalid(`Could not find tweet with tweet_id: [${tweetId}].`);
      const existing = world.tweets.find((tweet) => tweet.author_id === a && tweet.referenced_tweets?.some((ref) => ref.type === 'retweeted' && ref.id === tweetId));
      if (method === 'DELETE') {
        if (existing) world.tweets.splice(world.tweets.indexOf(existing), 1);
        return ok({ data: { retweeted: false } });
      }
      const source = tweetById(tweetId)!;
      const author = userById(source.author_id!)!;
      const retweet = existing ?? {
        id: nextId(),
        text: `RT @${author.username}: ${source.text}`.slice(0, 140),
        author_id: a,
        created_at: new Date().toISOString(),
        referenced_tweets: [{ type: 'retweeted' as const, id: tweetId }],
      };
      if (!existing) world.tweets.push({ ...retweet, conversation_id: retweet.id });
      return ok({ data: { retweeted: true, rest_id: retweet.id } });
    }
    if (b === 'following') {
      const target = method === 'POST' ? String(body.target_user_id ?? '') : (c ?? '');
      if (!userById(target)) return invalid(`Could not find user with target_user_id: [${target}].`);
      const index = world.follows.findIndex(([follower, followed]) => follower === a && followed === target);
      if (method === 'POST' && index < 0) world.follows.push([a, target]);
      if (method === 'DELETE' && index >= 0) world.follows.splice(index, 1);
      return ok({ data: method === 'POST' ? { following: true, pending_follow: false } : { following: false } });
    }
  }
  return { status: 404, title: 'Not Found', detail: `Sorry, that page does not exist: ${method} ${url.pathname}`, type: UNMATCHED };
}
