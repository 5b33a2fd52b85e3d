import { z } from 'zod';
import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { PLATFORM_NAMES } from '@/lib/platform/platform';
import { LOCAL_SYNTAX, type PlatformSyntax } from '@/lib/platform/syntax';
import type { Pricing } from '@/lib/prices/price-book';
import type { Operation } from './define-operation';
import { KEY_SYNTAX } from './idempotency';
import { errorSchema } from './openapi-error-schema';
import { ANSWER_HEADERS, addAnswerHeaders } from './openapi-rate-headers';
import { costText, creditsExtension, leastMaxCredits, SEED_PRICES, type DocumentPrices } from './openapi-prices';

type JsonSchema = Record<string, unknown>;

const META_PROPERTIES: JsonSchema = {
  request_id: { type: 'string' },
  latency_ms: { type: 'integer', description: 'Server-side time from request arrival to response write' },
  result_count: { type: 'integer' },
  next_cursor: { type: ['string', 'null'], description: 'Pass back as `cursor` for the next page; bound to the other parameters' },
  has_next_page: { type: 'boolean' },
  credits_charged: { type: 'integer' },
  credits_remaining: {
    type: 'integer',
    description:
      "The account's balance as the answering server sees it: the stored balance plus the credits this server has leased for the key and not used. With several servers it can differ from GET /v2/account by what the others hold; the dashboard's figures follow within about a second",
  },
};

const ERROR_RESPONSES: Record<string, string> = {
  '400':
    'invalid_request: malformed JSON; a body field this operation does not list (bodies take no other fields) or a query parameter it does not list, or one given twice; a wrong-typed or out-of-range value; text holding NUL (U+0000) or an unpaired surrogate; a bad cursor, username or id; a body on a GET or DELETE; a malformed Host header. details lists each problem as {path, message}',
  '401': 'unauthorized: Authorization header missing, not Bearer, unknown, revoked or expired key',
  '402': 'insufficient_credits (details: required, balance) or key_limit_reached (details: required, credit_limit, credits_spent); or key_budget_reached / workspace_budget_reached: a daily or monthly budget of the key or of its workspace is reached, details {period, budget, spent, resets_at}: calls are served again from resets_at',
  '404': 'not_found: the user, tweet, list or community does not exist; also an unknown path',
  '405': 'method_not_allowed: the path exists for other methods (see the Allow header); also any method the API does not implement (TRACE, PUT, …) and HEAD on operations, which would charge for a body that is never sent',
  '413': 'payload_too_large: body over 64 KiB',
  '429':
    'rate_limited: per-key rate limit exceeded, or the upstream platform\'s own limit; or too_many_failed_authentications: this client address sent too many unknown, revoked, expired or malformed keys (20 a minute) and its failed attempts are refused until the window ends (a valid key is still served); see Retry-After; or too_many_streams (GET /v2/stream): the key (5) or its account (20) already has its most streams open, details {scope, limit}: close one first; or too_many_connections: this client address already holds its most open connections to the server (256 by default), details {limit}; the connection is closed, retry after Retry-After',
  '502':
    'upstream_error: the upstream platform refused the request as one it will never accept (X\'s or Bluesky\'s 400 or 422), with its message; the same call will fail again, so do not retry it; nothing is charged',
  '503': 'unavailable: the data source cannot serve this operation now (the platform lacks the feature, the upstream failed or timed out, the database is down or restarting: see Retry-After), or the operation did not finish within the server\'s time bound (PERCH_OPERATION_TIMEOUT_MS); nothing is charged',
};

/**
 * Converts a zod schema to JSON Schema, moving named records (`.meta({ id })`) into the
 * shared components and pointing at them with $ref.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/$defs/', '#/components/schemas/') : rewrite(value);
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[name] ??= rewrite(def) as JsonSchema;
  const id = (schema.meta() as { id?: string } | undefined)?.id;
  if (id) {
    components[id] ??= rewrite(json) as JsonSchema;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewrite(json) as JsonSchema;
}

type ObjectSchema = { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * An input object's schema as clients should read it. Numbers and booleans are parsed from
 * text too (query strings), so their input side is "number or numeric string" without the
 * limits; those fields are shown as their parsed type with its minimum, maximum and default.
 * Which fields are required comes from the input side (a default makes a field optional).
 */
function inputObjectSchema(schema: z.ZodType, components: Record<string, JsonSchema>): ObjectSchema {
  const input = toSchema(schema, 'input', components) as ObjectSchema;
  const output = toSchema(schema, 'output', components) as ObjectSchema;
  for (const [name, property] of Object.entries(input.properties ?? {})) {
    const parsed = output.properties?.[name];
    if (!Array.isArray(property.anyOf)) continue;
    const description = property.description ? { description: property.description } : {};
    if (parsed && ['integer', 'number'].includes(parsed.type as string)) {
      input.properties![name] = { ...parsed, ...description };
    } else if ((property.anyOf as JsonSchema[]).some((branch) => branch.type === 'boolean')) {
      input.properties![name] = { type: 'boolean', ...(parsed?.default !== undefined ? { default: parsed.default } : {}), ...description };
    }
  }
  return input;
}

/** "No NUL anywhere": PostgreSQL text cannot hold one, so every text input refuses it (lib/db/unstorable-text.ts). */
const WITHOUT_NUL = '^[^\\u0000]*$';

/** Whether a pattern may let a NUL through: it has a wildcard or a class that takes one (`.`, `[^…]`, `\S`, `\D`, `\W`). */
function mayMatchNul(pattern: string): boolean {
  return /(^|[^\\])(\.|\[\^)|\\[SDW]/.test(pattern);
}

/** Says of every string in an input schema that it holds no NUL, as the server checks for all text. */
function forbidNul(node: JsonSchema): void {
  if (node.type === 'string' && node.enum === undefined && node.const === undefined) {
    if (typeof node.pattern !== 'string') node.pattern = WITHOUT_NUL;
    else if (mayMatchNul(node.pattern)) node.allOf = [...((node.allOf as JsonSchema[] | undefined) ?? []), { pattern: WITHOUT_NUL }];
  }
  for (const child of Object.values((node.properties as Record<string, JsonSchema> | undefined) ?? {})) forbidNul(child);
  if (node.items && typeof node.items === 'object') forbidNul(node.items as JsonSchema);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of (node[key] as JsonSchema[] | undefined) ?? []) forbidNul(branch);
}

/**
 * max_credits below what one item or the call costs is a 400 (lib/api/charge.ts): its minimum is
 * that price (or the per-call minimum, if higher). A batch needs the price of every requested id,
 * which only its description can say.
 */
function maxCreditsSchema(operation: Operation, property: JsonSchema, price: Pricing): JsonSchema {
  // A free operation's own max_credits (an export's budget) keeps its own description.
  if (price.credits === 0 && price.minimum === 0) return { ...property, description: (property.description as string | undefined) ?? 'Caps the charge; this operation is free' };
  const least = leastMaxCredits(price);
  const batch = operation.requestedItems ? `; a batch needs ${price.credits} for each distinct requested ${price.unit}` : '';
  const what = price.per === 'item' ? `one ${price.unit}` : 'the call';
  const floor = price.minimum > price.credits ? ` (the per-call minimum; ${price.credits} per ${price.per === 'item' ? price.unit : 'call'})` : `, the price of ${what}`;
  const lowers = operation.paging ? '; lowers `count` to what it pays for' : '';
  return { ...property, minimum: Math.max(least, (property.minimum as number | undefined) ?? 1), description: `Caps the charge: at least ${least}${floor}${batch}${lowers}` };
}

/**
 * A body's `oneOf` branches titled with an operation id (an export's per-operation bodies):
 * max_credits at least one record's list price (an export's pages know no per-call minimum).
 */
function priceBranches(node: JsonSchema, prices: DocumentPrices, byId: ReadonlyMap<string, Operation>): void {
  for (const branch of (node.oneOf as JsonSchema[] | undefined) ?? []) {
    const operation = byId.get(branch.title as string);
    const maxCredits = (branch.properties as Record<string, JsonSchema> | undefined)?.max_credits;
    if (operation && maxCredits) maxCredits.minimum = Math.max(1, prices.priceOf(operation).credits);
  }
}

/**
 * An operation's path, query or body object as the server validates it: strict (a body field
 * or query parameter not listed is a 400, parseInput), text without NUL, max_credits at least
 * one item's or the call's price.
 */
function strictInputSchema(operation: Operation, schema: z.ZodType, location: 'path' | 'query' | 'body', context: Context): ObjectSchema {
  const json = inputObjectSchema(schema, context.components);
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    forbidNul(property);
    if (name === 'max_credits') json.properties![name] = maxCreditsSchema(operation, property, context.prices.priceOf(operation));
  }
  if (location === 'body') {
    (json as JsonSchema).additionalProperties = false;
    priceBranches(json as JsonSchema, context.prices, context.byId);
  }
  return json;
}

/** What building one document needs beside the operation: shared components and the prices it shows. */
type Context = { components: Record<string, JsonSchema>; prices: DocumentPrices; byId: ReadonlyMap<string, Operation> };

function parametersOf(operation: Operation, context: Context): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [location, schema] of [['path', operation.params], ['query', operation.query]] as const) {
    if (!schema) continue;
    const json = strictInputSchema(operation, schema, location, context);
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        description: (property.description as string | undefined) ?? undefined,
        schema: property,
      });
    }
  }
  return out;
}

/** Per-request platform choice (lib/api/select-platform.ts), on every operation. */
const PLATFORM_PARAMETER: JsonSchema = {
  name: 'Perch-Platform',
  in: 'header',
  required: false,
  description:
    'Which platform serves this call, where the deployment serves several (GET /v2/account lists them under `platforms`); without it, the deployment\'s default. ' +
    'One it does not serve is a 400. Cursors are bound to the platform that issued them.',
  schema: { type: 'string', enum: [...PLATFORM_NAMES] },
};

/** Writes take an Idempotency-Key (lib/api/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes retries safe: a repeat with the same key and the same request (method, path, query, body) within 24 hours gets the stored answer and is not charged again; the same key with another request is a 409 idempotency_conflict.',
  schema: { type: 'string', pattern: KEY_SYNTAX.source },
};

/** GET /v2/stream's success: Server-Sent Events, described in the operation. */
const EVENT_STREAM_SCHEMA: JsonSchema = {
  type: 'string',
  description:
    'Server-Sent Events (text/event-stream; charset=utf-8): `event: match` with `id:` the match id and `data:` the JSON {id, rule: {id, tag}, matched_at, tweet}; `event: error` with `data:` {code, message, retryable?} before the server ends the stream; comment lines (`: …`) as heartbeats.',
};

/** An export's file, in either of its formats (GET /v2/exports/{exportId}/download). */
const FILE_CONTENT = {
  'application/x-ndjson': { schema: { type: 'string', description: 'JSONL: one /v2 record (the operation\'s record schema) per line, UTF-8' } },
  'text/csv': { schema: { type: 'string', description: 'CSV with a header row, UTF-8, columns as docs/exports-csv.md lists them' } },
};

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });

/** A file's headers on a 200 or 206. */
const FILE_HEADERS = {
  'Content-Disposition': header('attachment; filename="perch-<operation>-<subject>-<id>.<jsonl|csv>" (and filename* in UTF-8 when the subject is not ASCII)'),
  'Accept-Ranges': header('bytes'),
  ETag: header('"<id>-<size>" ("<id>-<size>-gzip" when gzip\'d): send it in If-Range to resume'),
  'Content-Length': header('The bytes sent; absent when gzip\'d on the fly', { type: 'integer' }),
  'Content-Encoding': header('gzip when the client accepts it and asked no range'),
  Vary: header('Accept-Encoding'),
};

/** Range and If-Range, on a file download. */
const RANGE_PARAMETERS: JsonSchema[] = [
  {
    name: 'Range',
    in: 'header',
    required: false,
    description: 'One byte range: bytes=a-b, bytes=a- or bytes=-n (the last n bytes): 206 with Content-Range; starting past the end: 416. Several ranges, or a malformed one, get the whole file.',
    schema: { type: 'string', pattern: '^bytes=' },
  },
  { name: 'If-Range', in: 'header', required: false, description: 'The ETag of a download being resumed: the range is served only while the file is still that one, else the whole file', schema: { type: 'string' } },
];

/** A success's responses when it is not the JSON envelope (an event stream, a file), or null. */
function nonJsonSuccess(operation: Operation, cost: string): Record<string, unknown> | null {
  if (operation.mediaType === 'text/event-stream') {
    return { '200': { description: `Success: the event stream (not the JSON envelope). ${cost}`, content: { 'text/event-stream': { schema: EVENT_STREAM_SCHEMA } } } };
  }
  if (operation.mediaType === 'file') {
    return {
      '200': { description: `Success: the whole file (not the JSON envelope). ${cost}`, headers: FILE_HEADERS, content: FILE_CONTENT },
      '206': {
        description: 'Partial content: the byte range asked for',
        headers: { ...FILE_HEADERS, 'Content-Range': header('bytes a-b/size') },
        content: FILE_CONTENT,
      },
      '416': {
        description: 'Range not satisfiable: the range starts past the end of the file (or the file is empty so far). Content-Range: bytes */size gives its size; the body is the error envelope with code invalid_request and details [{path: "Range", message}]',
        headers: { 'Content-Range': header('bytes */size') },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    };
  }
  return null;
}

function requestBodyOf(operation: Operation, body: z.ZodType, context: Context): JsonSchema {
  const schema = strictInputSchema(operation, body, 'body', context);
  // A body whose fields are all optional may be left out (an empty body reads as {}).
  return { required: (schema.required ?? []).length > 0, content: { 'application/json': { schema } } };
}

/** Each platform's id and username syntax, for the document's description. */
function syntaxText(): string {
  const lines = [
    ['local', LOCAL_SYNTAX],
    ['x', LOCAL_SYNTAX],
    ['bluesky', BLUESKY_SYNTAX],
  ].map(([name, syntax]) => {
    const { username, id } = syntax as PlatformSyntax;
    return `- **${name as string}**: usernames: ${username.description}; tweet, list and community ids: ${id.description}.`;
  });
  return lines.join('\n');
}

/**
 * The OpenAPI 3.1 document of the registry: every operation, input, record, error and cost.
 * Costs are the price list's (lib/prices) on the deployment's default platform, as `prices` gives
 * them (the seed's without it), with each served platform's in `x-credits.platforms`.
 */
export function buildOpenApiDocument(operations: readonly Operation[], serverUrl = '/', prices: DocumentPrices = SEED_PRICES): JsonSchema {
  const components: Record<string, JsonSchema> = { Error: errorSchema() };
  const context: Context = { components, prices, byId: new Map(operations.map((operation) => [operation.id, operation])) };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const cost = costText(operation, prices);
    const meta: JsonSchema = { ...META_PROPERTIES };
    if (operation.metaExtra) Object.assign(meta, (toSchema(operation.metaExtra, 'output', components) as { properties?: JsonSchema }).properties);
    const envelope = {
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: toSchema(operation.response, 'output', components), meta: { type: 'object', required: Object.keys(META_PROPERTIES), properties: meta } },
    };
    const responses: Record<string, unknown> = nonJsonSuccess(operation, cost) ?? { '200': { description: `Success. ${cost}`, content: { 'application/json': { schema: envelope } } } };
    for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
      responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    if (operation.method === 'POST') {
      responses['415'] = { description: 'unsupported_media_type: a non-empty body whose Content-Type is not application/json (charset, if given, utf-8)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    if (operation.scope === 'write') {
      responses['403'] = { description: 'forbidden (key lacks the write scope; the connected account did not grant this write’s OAuth scope; not your tweet) or account_not_connected', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      responses['409'] = { description: 'idempotency_conflict: the Idempotency-Key was used with a different request', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    addAnswerHeaders(responses);
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, cost].filter(Boolean).join('\n\n'),
      'x-credits': creditsExtension(operation, prices),
      'x-scope': operation.scope,
      parameters: [
        ...parametersOf(operation, context),
        PLATFORM_PARAMETER,
        ...(operation.scope === 'write' ? [IDEMPOTENCY_KEY_PARAMETER] : []),
        ...(operation.mediaType === 'file' ? RANGE_PARAMETERS : []),
      ],
      ...(operation.body ? { requestBody: requestBodyOf(operation, operation.body, context) } : {}),
      security: operation.cost.credits === 0 && operation.id === 'getOpenApi' ? [] : [{ bearer: [] }],
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Perch API',
      version: '2.0.0',
      // The platform whose list prices x-credits and the cost sentences give.
      'x-price-platform': prices.platform,
      description:
        'Real-time microblogging data, credit-metered. Authenticate with `Authorization: Bearer perch_…`. ' +
        'Every success is `{data, meta}` with seven meta fields; every error is `{error: {code, message, details?}, meta}`. ' +
        'Errors never charge credits. List operations page with `count` (default 20) and `cursor` (meta.next_cursor). ' +
        'Request bodies are JSON (`Content-Type: application/json`, else 415); GET and DELETE take none (400). ' +
        'Inputs are strict: a body field or query parameter an operation does not list, or a query parameter given twice, is a 400 invalid_request, not ignored (bodies declare additionalProperties: false); text holding NUL (U+0000) or an unpaired surrogate is a 400 too. ' +
        'HEAD is answered for this document only; on operations it is a 405, as is any method a path does not take.\n\n' +
        'AI agents: every operation that answers JSON is also a Model Context Protocol tool at `/mcp` on this server (Streamable HTTP, the same `Authorization: Bearer perch_…` key, scopes and prices; tool names are the operation ids in snake_case, e.g. `search_tweets`), charged like these calls and capped per tool call. ' +
        'The reference\'s "AI agents (MCP)" guide (`/docs#mcp`) and docs/mcp.md say more; the dashboard\'s API keys page has ready-made client configurations.\n\n' +
        'Platforms: a deployment serves the embedded platform (`local`, the default), Bluesky (`bluesky`), X (`x`, through X API v2) or several of them; the `Perch-Platform` header picks one per call. ' +
        'Ids are opaque, URL-safe strings that go back unchanged into any path or batch of the platform that returned them; the path parameters follow its syntax:\n' +
        syntaxText() +
        '\n\nWhat a platform does not have (on Bluesky: communities, list subscribers, trends per country; on X: communities, follow checks between two accounts) answers 503 `unavailable` naming the platform and the feature, and charges nothing. ' +
        'Calls served from an upstream platform add `meta.cached`: true when Perch\'s short-lived upstream cache answered every upstream read. ' +
        'Upstream limits surface as 429 with Retry-After, upstream failures and timeouts as 503.\n\n' +
        `Prices come from the operator's price list and can change: each operation's description and \`x-credits\` give its list price on this deployment's default platform (\`${prices.platform}\`): \`credits\` per \`unit\` (per: item) or per call, and \`minimum\`, the least a successful call is charged (0: none); \`x-credits.platforms\` gives the list price on each platform this deployment serves (what a call with that Perch-Platform pays). ` +
        'A workspace with its own terms (a discount or a price of its own) pays those: the dashboard\'s playground shows them, and `meta.credits_charged` what each call cost. This document is rebuilt when a price changes.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      headers: ANSWER_HEADERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: perch_ followed by 32 letters and digits' } },
    },
  };
}
