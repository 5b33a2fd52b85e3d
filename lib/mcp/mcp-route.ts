import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiRequest } from '@/lib/api/api-request';
import { authenticateRequest } from '@/lib/api/authenticate-request';
import { ApiError } from '@/lib/api/errors';
import { selectPlatform } from '@/lib/api/select-platform';
import { toApiError } from '@/lib/api/to-api-error';
import { newRequestId } from '@/lib/api/request-id';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { getServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import { settledForwardedFor, type RequestHandler } from '@/lib/server/http-server';
import { closeAfterResponse, drainBody, readBodyUpTo } from '@/lib/server/unread-body';
import { answerFastToolCall, toolCallOf, transportRefusal, type McpAnswer } from './fast-tool-call';
import { createMcpServer, type McpRequestContext } from './mcp-server';

// POST /mcp: the MCP server over Streamable HTTP (spec revision 2025-11-25, older ones
// negotiated by the SDK), stateless: no session id, a fresh server and transport for each POST,
// the answer as one JSON body (enableJsonResponse). tools/call, the hot message, is answered
// without them (fast-tool-call.ts), as the SDK answers it; PERCH_MCP_TOOL_CALLS=sdk (or the
// route's toolCalls option) hands it to the SDK's Server too. Any instance serves any request, so several
// behind a load balancer need no sticky sessions. GET (a server-to-client event stream) and
// DELETE (ending a session) have nothing to serve without sessions: 405, as the SDK's
// stateless examples answer them.
//
// The key is the /v2 key, checked by the same authenticateRequest (scopes, rate limit,
// failed-auth throttle); every tool call is then a /v2 call as that caller, with source mcp.

/** A JSON-RPC message (or several) is small; a tool's arguments are at most a /v2 body (64 KiB). */
const MAX_MCP_BODY_BYTES = 256 * 1024;
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The request's headers as authenticateRequest and selectPlatform read them. */
function headersOf(req: IncomingMessage): ApiRequest['headers'] {
  return {
    get(name: string) {
      const lower = name.toLowerCase();
      // The server settled X-Forwarded-For (the socket's address unless a proxy is trusted).
      const value = lower === 'x-forwarded-for' ? settledForwardedFor(req) : req.headers[lower];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    has(name: string) {
      return req.headers[name.toLowerCase()] !== undefined;
    },
  };
}

type JsonRpcError = { status: number; code: number; message: string; headers?: Record<string, string>; data?: unknown };

async function answerError(req: IncomingMessage, res: ServerResponse, error: JsonRpcError): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) }, id: null });
  if (!req.complete && !(await drainBody(req, DRAIN_LIMIT_BYTES))) closeAfterResponse(req, res);
  res.writeHead(error.status, { ...error.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
  res.end(body);
}

/** The WWW-Authenticate of a refused key: where an MCP client's user gets a key. */
function bearerChallenge(origin: string, reason: string, sent: boolean): string {
  // A header value is ASCII without quotes or backslashes inside the quoted string.
  const description = `${reason}. Create an API key on ${origin}/dashboard/keys and send it as Authorization: Bearer perch_...`.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '.');
  return `Bearer realm="perch"${sent ? ', error="invalid_token"' : ''}, error_description="${description}"`;
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; error: JsonRpcError }> {
  const chunks: Buffer[] = [];
  const outcome = await readBodyUpTo(req, MAX_MCP_BODY_BYTES, (chunk) => chunks.push(chunk));
  if (outcome === 'over') return { ok: false, error: { status: 413, code: -32600, message: `the request body is over ${MAX_MCP_BODY_BYTES / 1024} KiB` } };
  if (outcome === 'gone') return { ok: false, error: { status: 400, code: -32700, message: 'the request body ended before it was complete' } };
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, error: { status: 400, code: -32700, message: 'Parse error: the body is not valid JSON' } };
  }
}

export type McpRouteOptions = {
  platforms?: () => ServedPlatforms;
  /** Who answers tools/call: this route directly (the default), or the SDK's Server like every other message. */
  toolCalls?: 'direct' | 'sdk';
};

export function mcpRoute({ platforms = getServedPlatforms, toolCalls = process.env.PERCH_MCP_TOOL_CALLS === 'sdk' ? 'sdk' : 'direct' }: McpRouteOptions = {}): RequestHandler {
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp' && path !== '/mcp/') return answerError(req, res, { status: 404, code: -32601, message: `nothing at ${path.slice(0, 200)}: the MCP endpoint is POST /mcp` });
    if (req.method !== 'POST') {
      return answerError(req, res, { status: 405, code: -32000, message: 'Method not allowed: this MCP server is stateless (no sessions, no server-sent stream); send JSON-RPC messages with POST', headers: { allow: 'POST' } });
    }
    const headers = headersOf(req);
    const origin = publicOrigin(headers as unknown as Headers);
    const apiRequest: ApiRequest = { method: 'POST', url: `${origin}/mcp`, headers, body: null, signal: NEVER_ABORTED };

    let authenticated;
    let platform;
    try {
      authenticated = await authenticateRequest(apiRequest);
      platform = selectPlatform(apiRequest, platforms());
    } catch (error) {
      const apiError = error instanceof ApiError ? error : toApiError(error, newRequestId());
      const extra = { ...apiError.headers };
      if (extra['www-authenticate']) extra['www-authenticate'] = bearerChallenge(origin, apiError.message, headers.has('authorization'));
      return answerError(req, res, { status: apiError.status, code: apiError.status === 401 ? -32001 : -32000, message: `${apiError.code}: ${apiError.message}`, headers: extra, data: { code: apiError.code } });
    }

    const body = await readJson(req);
    if (!body.ok) return answerError(req, res, { ...body.error, headers: authenticated.rateHeaders });
    // JSON-RPC batches left the protocol in 2025-06-18; one per POST also keeps the rate limit one token per call.
    if (Array.isArray(body.value)) return answerError(req, res, { status: 400, code: -32600, message: 'Invalid Request: send one JSON-RPC message per POST (batches are not supported)', headers: authenticated.rateHeaders });

    const context: McpRequestContext = { caller: authenticated.caller, platform, platformHeader: headers.get('perch-platform'), origin, dashboardOrigin: origin };
    const toolCall = toolCalls === 'direct' ? toolCallOf(body.value) : null;
    if (toolCall) {
      const header = (name: string) => stringHeader(req, name);
      const answer = transportRefusal(header) ?? (await answerFastToolCall(toolCall, context));
      return writeAnswer(res, answer, authenticated.rateHeaders);
    }

    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createMcpServer(context);
    await server.connect(transport);
    const response = await transport.handleRequest(transportRequest(req, origin), { parsedBody: body.value });
    const out: Record<string, string> = { ...authenticated.rateHeaders, 'cache-control': 'no-store' };
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    const text = response.body ? await response.text() : '';
    out['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(response.status, out);
    res.end(text);
    // Neither server nor transport is closed: in JSON mode the answer above ended everything they
    // held (no stream, no timer), and nothing refers to them after this request. Closing cost
    // each request an error object and an abort signal for the pending requests it had none of.
  };
}

const NEVER_ABORTED = new AbortController().signal;

/** A header as the transport reads it from transportRequest below: its value when one string, else null. */
function stringHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** An answer of the direct path, with the headers the SDK path's answer gets (rate limit, no-store). */
function writeAnswer(res: ServerResponse, answer: McpAnswer, rateHeaders: Record<string, string>): void {
  res.writeHead(answer.status, { ...rateHeaders, 'cache-control': 'no-store', 'content-type': answer.contentType, 'content-length': String(Buffer.byteLength(answer.body)) });
  res.end(answer.body);
}

/**
 * What the transport reads of the request when its body is given parsed (handleRequest,
 * handlePostRequest in the SDK 1.32): the method, the URL and the Accept, Content-Type and
 * MCP-Protocol-Version headers. A Web Request built for it cost a tool call about as much as
 * the SDK's own work on it: these few fields are given over the node request instead.
 */
function transportRequest(req: IncomingMessage, origin: string): Request {
  const pick = (name: string) => stringHeader(req, name);
  const names = ['accept', 'content-type', 'mcp-protocol-version'];
  const headers = {
    get: (name: string) => (names.includes(name.toLowerCase()) ? pick(name.toLowerCase()) : null),
    has: (name: string) => names.includes(name.toLowerCase()) && pick(name.toLowerCase()) !== null,
    entries: () => names.filter((name) => pick(name) !== null).map((name) => [name, pick(name)!] as [string, string])[Symbol.iterator](),
  };
  return { method: 'POST', url: `${origin}/mcp`, headers } as unknown as Request;
}

