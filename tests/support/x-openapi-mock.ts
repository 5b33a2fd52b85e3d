import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '@/lib/server/free-port';
import { startPrism } from './prism-proxy';
import { sanitiseXAnswer } from './x-openapi-sanitise';

// A stand-in for X API v2 built from X's own published OpenAPI description: Stoplight Prism in
// mock mode answers every request the description allows, and a small recording server in front
// of it (plain http on 127.0.0.1) keeps every request with whether it was inside the description.
//
// Prism alone is not strict enough: it refuses wrong values (an unknown `post.fields` value or
// expansion, a missing bearer token, a body that breaks the schema, a path or method the
// description lacks) but lets unknown query parameters through, so `tweet.fields` on
// /2/tweets/{id} would get a 200 from it. X answers those with 400 invalid-request; the recorder
// checks parameter names itself and answers the same way.
//
// The description is not in this repository (see tests/fixtures/x-openapi/README.md):
// resolveXOpenApiDescription() finds it, and tests skip when it is absent.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the description may be, first found wins: $PERCH_X_OPENAPI, shared/ beside the clone, a local copy. */
export const X_OPENAPI_CANDIDATES = [
  process.env.PERCH_X_OPENAPI,
  path.join(ROOT, '..', 'shared', 'x-openapi', 'x-openapi.json'),
  path.join(ROOT, '.data', 'x-openapi', 'x-openapi.json'),
].filter((candidate): candidate is string => Boolean(candidate));

export function resolveXOpenApiDescription(): string | undefined {
  return X_OPENAPI_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

export type XMockViolation = {
  /** 'prism' for what Prism's sl-violations header or error answer said, 'harness' for the recorder's own checks. */
  by: 'prism' | 'harness';
  code: string;
  message: string;
  location: string[];
};

export type XMockRequest = {
  method: string;
  /** Path and query exactly as sent, e.g. /2/tweets/1?post.fields=text */
  url: string;
  pathname: string;
  query: Record<string, string[]>;
  /** The description's operation it matched, e.g. 'GET /2/tweets/{id}', or null. */
  operation: string | null;
  status: number;
  /** Request-side violations; empty when the request was inside the description. */
  violations: XMockViolation[];
};

export type XOpenApiMock = {
  /** Base URL to give the X client (http://127.0.0.1:PORT, no trailing slash). */
  url: string;
  descriptionPath: string;
  /** info.version of the description, e.g. '2.167'. */
  version: string;
  /** Every request answered, in order. */
  requests: XMockRequest[];
  /** Rewrites Prism's 2xx JSON answers into values X's syntax allows (x-openapi-sanitise.ts); may be switched between calls. */
  sanitise: boolean;
  /** The requests outside the description (violations non-empty), in order. */
  readonly refused: XMockRequest[];
  /** Prism's log, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

export type XOpenApiMockOptions = {
  descriptionPath?: string;
  /** Prism's --dynamic: random data from the schemas (seeded, so repeatable) instead of static examples. */
  dynamic?: boolean;
  seed?: string;
  timeoutMs?: number;
  /** The mock's `sanitise` at the start (false: Prism's answers as they are). */
  sanitise?: boolean;
  /**
   * The app's bearer token (application-only auth). Prism cannot tell it from a user's OAuth 2.0
   * token (both are `Authorization: Bearer …`); told which one it is, the recorder refuses it on
   * the operations whose security lists no BearerToken, with X's own 403.
   */
  appBearerToken?: string;
};

type Parameter = { name: string; in: string; $ref?: string };
type Operation = { parameters?: Parameter[]; security?: Array<Record<string, string[]>> };
type Description = {
  info: { version: string };
  paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
  components?: { parameters?: Record<string, Parameter> };
};
type Route = { method: string; template: string; pattern: RegExp; literal: number; query: Set<string>; takesAppToken: boolean };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** One route per operation; the ones with more literal segments first, so /2/users/me beats /2/users/{id}. */
function routesOf(description: Description): Route[] {
  const resolve = (parameter: Parameter): Parameter =>
    parameter.$ref ? description.components!.parameters![parameter.$ref.replace('#/components/parameters/', '')] : parameter;
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(description.paths)) {
    const segments = template.split('/');
    const pattern = new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`);
    const literal = segments.filter((s) => !/^\{.+\}$/.test(s)).length;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
      const query = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
      // No security listed: open to any caller; else application-only auth only where BearerToken is listed.
      const takesAppToken = !operation.security || operation.security.some((requirement) => 'BearerToken' in requirement);
      routes.push({ method: method.toUpperCase(), template, pattern, literal, query, takesAppToken });
    }
  }
  return routes.sort((a, b) => b.literal - a.literal);
}

/** X's own 400 for a query parameter the endpoint does not have (an InvalidRequestProblem). */
function unknownParameterAnswer(route: Route, unknown: string[]) {
  const allowed = [...route.query].join(',');
  return {
    errors: unknown.map((name) => ({ parameters: { [name]: [] }, message: `The query parameter [${name}] is not one of [${allowed}]` })),
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.x.com/2/problems/invalid-request',
  };
}

/** X's 403 for the app's bearer token on an endpoint that takes user context only. */
const UNSUPPORTED_AUTHENTICATION = {
  title: 'Unsupported Authentication',
  detail: 'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
  type: 'https://api.x.com/2/problems/unsupported-authentication',
  status: 403,
};

function prismViolations(status: number, headers: Headers, body: string): XMockViolation[] {
  const header = headers.get('sl-violations');
  if (header) {
    const list = JSON.parse(header) as Array<{ location?: string[]; severity?: string; code?: unknown; message?: string }>;
    return list
      .filter((v) => v.severity === 'Error' && (v.location?.[0] ?? 'request') === 'request')
      .map((v) => ({ by: 'prism' as const, code: String(v.code), message: v.message ?? '', location: v.location ?? [] }));
  }
  // No route or method: Prism answers a problem+json of its own (type https://stoplight.io/prism/errors#…).
  if (status >= 400 && headers.get('content-type')?.includes('application/problem+json')) {
    const problem = JSON.parse(body) as { type?: string; detail?: string; title?: string };
    if (problem.type?.includes('stoplight.io/prism/errors#')) {
      return [{ by: 'prism', code: problem.type.split('#')[1], message: problem.detail ?? problem.title ?? '', location: ['request'] }];
    }
  }
  return [];
}

/** Prism's arguments for a mock of the description (with --errors: requests outside it are refused). */
function prismMockArgs(descriptionPath: string, port: number, options: XOpenApiMockOptions): string[] {
  const args = ['mock', descriptionPath, '--host', '127.0.0.1', '--port', String(port), '--errors'];
  if (options.dynamic) args.push('--dynamic', '--seed', options.seed ?? 'perch');
  return args;
}

/** Starts Prism's mock of X's description and the recorder in front of it, both on loopback. */
export async function startXOpenApiMock(options: XOpenApiMockOptions = {}): Promise<XOpenApiMock> {
  const descriptionPath = options.descriptionPath ?? resolveXOpenApiDescription();
  if (!descriptionPath) throw new Error(`X's OpenAPI description not found at any of: ${X_OPENAPI_CANDIDATES.join(', ')}`);
  const description = JSON.parse(fs.readFileSync(descriptionPath, 'utf8')) as Description;
  const routes = routesOf(description);

  const prismPort = await freePort();
  const prism = await startPrism(prismMockArgs(descriptionPath, prismPort, options), options.timeoutMs ?? 60_000);

  const requests: XMockRequest[] = [];
  const state = { sanitise: options.sanitise ?? false };
  const recorder = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const target = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = (req.method ?? 'GET').toUpperCase();
      const query: Record<string, string[]> = {};
      for (const [name, value] of target.searchParams) (query[name] ??= []).push(value);
      const route = routes.find((r) => r.method === method && r.pattern.test(target.pathname));

      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const upstream = await fetch(`http://127.0.0.1:${prismPort}${req.url ?? '/'}`, {
        method,
        headers,
        body: chunks.length > 0 && method !== 'GET' && method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      });
      let body = await upstream.text();
      let status = upstream.status;
      let contentType = upstream.headers.get('content-type') ?? 'application/json';
      const violations = prismViolations(status, upstream.headers, body);

      const unknown = route ? Object.keys(query).filter((name) => !route.query.has(name)) : [];
      for (const name of unknown) {
        violations.push({ by: 'harness', code: 'unknown-query-parameter', message: `query parameter ${name} is not one of [${[...route!.query].join(',')}]`, location: ['request', 'query', name] });
      }
      if (unknown.length > 0 && status < 400) {
        status = 400;
        contentType = 'application/problem+json';
        body = JSON.stringify(unknownParameterAnswer(route!, unknown));
      }

      if (options.appBearerToken && route && !route.takesAppToken && req.headers.authorization === `Bearer ${options.appBearerToken}`) {
        violations.push({ by: 'harness', code: 'unsupported-authentication', message: `${method} ${route.template} takes user context only (its security lists no BearerToken)`, location: ['request', 'header', 'authorization'] });
        if (status < 400) {
          status = 403;
          contentType = 'application/problem+json';
          body = JSON.stringify(UNSUPPORTED_AUTHENTICATION);
        }
      }
      if (state.sanitise && status >= 200 && status < 300 && contentType.includes('json')) {
        body = sanitiseXAnswer(body, { template: route?.template ?? null, pathname: target.pathname, query });
      }
      requests.push({ method, url: req.url ?? '/', pathname: target.pathname, query, operation: route ? `${method} ${route.template}` : null, status, violations });
      res.writeHead(status, { 'content-type': contentType });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`x-openapi-mock recorder: ${(error as Error).message}`);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    recorder.once('error', reject);
    recorder.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${port}`,
    descriptionPath,
    version: description.info.version,
    requests,
    get sanitise() {
      return state.sanitise;
    },
    set sanitise(value: boolean) {
      state.sanitise = value;
    },
    get refused() {
      return requests.filter((r) => r.violations.length > 0);
    },
    output: prism.output,
    stop: async () => {
      recorder.closeAllConnections();
      await new Promise<void>((resolve) => recorder.close(() => resolve()));
      await prism.stop();
    },
  };
}
