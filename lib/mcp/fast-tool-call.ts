import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { CallToolRequestSchema, ErrorCode, JSONRPC_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type CallToolRequest, type JSONRPCErrorResponse, type JSONRPCResultResponse } from '@modelcontextprotocol/sdk/types.js';
import { answerToolCall, type McpRequestContext } from './mcp-server';

// tools/call, the one hot MCP message (an agent makes hundreds per tools/list), answered without
// a per-request SDK Server and transport. Both cost a get_user tool call more CPU than the /v2
// call it wraps (a Server with its handlers and zod schemas set up, a transport, three zod parses
// of the message, one of the result, a Web Response): 2.2× the server CPU of the /v2 call, 1.44×
// answered here (npm run bench, "getUser via MCP tool call").
//
// What this path answers is what the SDK answers (1.32: WebStandardStreamableHTTPServerTransport
// .handlePostRequest, Protocol._onrequest, Server's tools/call wrapper), and it takes only what the
// SDK would hand to the tools/call handler: a single JSON-RPC request (the SDK's own
// CallToolRequestSchema for its method and params, the JSONRPCRequestSchema envelope checked by
// hand) that asks for no task. Every other message, malformed ones included, is left to the SDK,
// which answers it with its own errors. mcp-server.ts's answerToolCall runs the call either way.

/** An answer to write: the transport's status, content type and JSON body. */
export type McpAnswer = { status: number; contentType: string; body: string };

// The transport's Content-Type of a JSON answer and of its errors (createJsonErrorResponse).
const JSON_TYPE = 'application/json';
/** The JSON-RPC code of every refusal by the transport's header checks. */
const TRANSPORT_REFUSAL = -32000;

const ENVELOPE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * The tools/call request of a parsed body, or null when the SDK should see the message: not a
 * JSON-RPC request (the transport's JSONRPCRequestSchema: strict, jsonrpc "2.0", an id that is a
 * string or an integer), not tools/call, params the SDK's CallToolRequestSchema refuses, or a
 * task-augmented call (its capability check and task result are the SDK's).
 */
export function toolCallOf(message: unknown): CallToolRequest & { id: string | number } | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const fields = message as Record<string, unknown>;
  if (fields.method !== 'tools/call' || fields.jsonrpc !== JSONRPC_VERSION) return null;
  const id = fields.id;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return null;
  for (const key in fields) if (!ENVELOPE_KEYS.has(key)) return null;
  const parsed = CallToolRequestSchema.safeParse(message);
  if (!parsed.success || parsed.data.params.task !== undefined) return null;
  return { ...parsed.data, id: id as string | number };
}

/** The transport's error answer (createJsonErrorResponse): no id, since none was read. */
function transportError(status: number, message: string): McpAnswer {
  return { status, contentType: JSON_TYPE, body: JSON.stringify({ jsonrpc: JSONRPC_VERSION, error: { code: TRANSPORT_REFUSAL, message }, id: null }) };
}

/**
 * What the SDK's transport refuses a valid tools/call for, in its order: an Accept without both
 * JSON and event streams (406), a Content-Type that is not JSON (415), an MCP-Protocol-Version it
 * does not support (400), each with JSON-RPC code -32000 and its messages. Null: none of them.
 * `header` gives a header's value as the transport reads it (null when absent).
 */
export function transportRefusal(header: (name: string) => string | null): McpAnswer | null {
  const accept = header('accept');
  // A substring check, as the transport's: Accept is a list.
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return transportError(406, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  if (!isJsonContentType(header('content-type'))) return transportError(415, 'Unsupported Media Type: Content-Type must be application/json');
  const version = header('mcp-protocol-version');
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return transportError(400, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
  }
  return null;
}

/**
 * Runs the call and answers it as Protocol._onrequest does: `{ result, jsonrpc, id }`, or a thrown
 * error as `{ jsonrpc, id, error }` with the error's code when it is an integer (an McpError's),
 * else InternalError.
 */
export async function answerFastToolCall(request: CallToolRequest & { id: string | number }, context: McpRequestContext): Promise<McpAnswer> {
  try {
    const result = await answerToolCall(request.params, context);
    const response: JSONRPCResultResponse = { result, jsonrpc: JSONRPC_VERSION, id: request.id };
    return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(response) };
  } catch (thrown) {
    const error = thrown as { code?: unknown; message?: string; data?: unknown };
    const response: JSONRPCErrorResponse = {
      jsonrpc: JSONRPC_VERSION,
      id: request.id,
      error: {
        code: Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
        message: error.message ?? 'Internal error',
        ...(error.data !== undefined && { data: error.data }),
      },
    };
    return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(response) };
  }
}
