import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  type CallToolRequest,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ensurePriceBook } from '@/lib/prices/price-book-sync';
import type { Platform } from '@/lib/platform/platform';
import { callTool, type ToolCallContext, type ToolResult } from './call-tool';
import { promptMessages, promptsFor } from './prompts';
import { readResource, resourcesFor } from './resources';
import { TOOL_OPERATIONS } from './tool-catalog';
import { catalogFor, catalogNames } from './tool-catalog-cache';

// The MCP server for one HTTP request (stateless: every POST to /mcp gets its own, so any
// instance answers any request and nothing is kept between them). The low-level Server takes
// the tools' JSON Schemas as they are, generated from the registry (tool-catalog.ts).

const SERVER_INFO = { name: 'perch', title: 'Perch social data API', version: '1.0.0' };

const INSTRUCTIONS =
  'Perch: social data (tweets, users, followers, lists, communities, trends) and, with a write key, posting as the connected account. ' +
  'Every tool call is a metered /v2 API call: its description states the price; results end with the credits charged and left. ' +
  'Paged tools return a cursor: pass it back as `cursor` with the same other arguments for the next page. ' +
  'max_credits caps a call (count is lowered to what it pays for); the server caps every tool call too. ' +
  'The resource perch://account has the balance and this key.';

// The Server builds a JSON Schema validator (Ajv, for elicitation answers) unless given one:
// built per request it was a tenth of a tool call's CPU. One per process serves every server.
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

export type McpRequestContext = ToolCallContext & { platform: Platform };

/**
 * A tools/call, whether the SDK's Server or mcp-route.ts's direct path (fast-tool-call.ts) took
 * the message. Any tool of the registry is called through /v2, even one not listed for this key
 * (a write with a read key): /v2 refuses it with its own 403, recorded in the request log like any refusal.
 */
export async function answerToolCall(params: CallToolRequest['params'], context: McpRequestContext, signal?: AbortSignal): Promise<ToolResult> {
  const operation = TOOL_OPERATIONS.get(params.name);
  if (!operation) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(params.name.slice(0, 100))}: tools/list has the tools`);
  return callTool(operation, context.platform, params.arguments, signal ? { ...context, signal } : context);
}

export function createMcpServer(context: McpRequestContext): Server {
  const { platform, caller } = context;
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: SHARED_VALIDATOR });
  const toolNames = () => catalogNames(caller.scopes, platform, caller.userId);

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await ensurePriceBook();
    return { tools: [...catalogFor(caller.scopes, platform, caller.userId)] };
  });

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => answerToolCall(request.params, context, extra.signal));

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: resourcesFor(caller.scopes, platform) }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    let contents;
    try {
      contents = await readResource(request.params.uri, platform, { ...context, signal: extra.signal });
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
    }
    if (!contents) throw new McpError(ErrorCode.InvalidParams, `no resource ${JSON.stringify(request.params.uri.slice(0, 200))}: resources/list has them`);
    return { contents: [contents] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => {
    await ensurePriceBook();
    return { prompts: promptsFor(toolNames()) };
  });

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    await ensurePriceBook();
    const result = promptMessages(request.params.name, request.params.arguments, toolNames());
    if (!result) throw new McpError(ErrorCode.InvalidParams, `no prompt ${JSON.stringify(request.params.name.slice(0, 100))}: prompts/list has them`);
    if ('missing' in result) throw new McpError(ErrorCode.InvalidParams, `prompt ${request.params.name} needs ${result.missing.join(', ')}`);
    return result;
  });

  return server;
}
