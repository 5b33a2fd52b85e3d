import type { ErrorCode } from './errors';

type JsonSchema = Record<string, unknown>;

/** What a code's `details` holds, and whether every answer with that code carries it. */
type Details = { schema: JsonSchema; always: boolean } | null;

const FIELD_PROBLEMS: JsonSchema = {
  type: 'array',
  description: 'One entry per problem: the field (a body field or query parameter, a dotted path such as `accounts.2` inside one, or `body`, `content-type`, `Idempotency-Key`, `Last-Event-ID`) and what is wrong with it',
  items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } }, additionalProperties: false },
};

const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });

function object(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: 'object', required, properties, additionalProperties: false };
}

// A daily or monthly budget (docs/budgets.md): the key's (key_budget_reached) or its workspace's.
const BUDGET_DETAILS: JsonSchema = object({
  period: { type: 'string', enum: ['day', 'month'], description: 'Which budget refused: the daily or the monthly one' },
  budget: count('The budget, in credits per period'),
  spent: count('Charged in the current period'),
  resets_at: { type: 'string', format: 'date-time', description: "When the next period starts (midnight, or the first of the month, in the workspace's time zone)" },
});

/**
 * Each code's `details` (null: it has none). too_many_connections is answered by the HTTP server
 * itself, before a request reaches the API, in the same shape.
 */
const ERROR_DETAILS = {
  invalid_request: { schema: FIELD_PROBLEMS, always: false },
  unauthorized: null,
  insufficient_credits: {
    schema: object({ required: count('Credits the call holds before it runs'), balance: { type: 'integer', description: 'The balance it found' } }),
    always: true,
  },
  key_limit_reached: {
    schema: object({ required: count('Credits the call holds before it runs'), credit_limit: count("The key's spending limit"), credits_spent: count('What the key has spent so far') }),
    always: true,
  },
  key_budget_reached: { schema: BUDGET_DETAILS, always: true },
  workspace_budget_reached: { schema: BUDGET_DETAILS, always: true },
  forbidden: {
    schema: object({
      required_scope: { type: 'string', description: 'The OAuth scope the connected account did not grant' },
      granted_scopes: { type: 'array', items: { type: 'string' }, description: 'The scopes it did grant' },
    }),
    always: false,
  },
  account_not_connected: null,
  not_found: null,
  method_not_allowed: null,
  idempotency_conflict: null,
  payload_too_large: null,
  unsupported_media_type: { schema: FIELD_PROBLEMS, always: true },
  rate_limited: { schema: object({ retry_after: count("Seconds until the upstream platform's limit resets (as Retry-After)") }), always: false },
  too_many_failed_authentications: { schema: object({ retry_after_seconds: count('Seconds until this address may try keys again (as Retry-After)') }), always: true },
  too_many_streams: {
    schema: object({ scope: { type: 'string', enum: ['key', 'account'], description: 'Whose cap was reached' }, limit: count('How many streams it may hold open') }),
    always: true,
  },
  too_many_connections: { schema: object({ limit: count('Open connections one client address may hold') }), always: true },
  internal_error: null,
  upstream_error: null,
  unavailable: null,
} satisfies Record<string, Details>;

// Every code an ApiError can carry has its entry (a new code fails the type check here).
const everyCodeDocumented: Record<ErrorCode, Details> = ERROR_DETAILS;
void everyCodeDocumented;

/** Every error code an answer can carry. */
export const ERROR_CODES = Object.keys(ERROR_DETAILS) as Array<keyof typeof ERROR_DETAILS>;

/**
 * The `Error` component: `{error: {code, message, details?}, meta}`, with one `oneOf` branch per
 * shape of `details`, so a validator checks each code's details and that the others send none.
 */
export function errorSchema(): JsonSchema {
  const groups = new Map<string, { codes: string[]; details: Details }>();
  for (const [code, details] of Object.entries(ERROR_DETAILS) as Array<[string, Details]>) {
    const key = JSON.stringify(details);
    const group = groups.get(key) ?? { codes: [], details };
    group.codes.push(code);
    groups.set(key, group);
  }
  const branches = [...groups.values()].map(({ codes, details }) => {
    const code = { enum: codes };
    if (details === null) return { properties: { code }, not: { required: ['details'] } };
    return { properties: { code, details: details.schema }, ...(details.always ? { required: ['details'] } : {}) };
  });
  const described = Object.entries(ERROR_DETAILS)
    .filter(([, details]) => details !== null)
    .map(([code, details]) => `${code}: ${details!.always ? '' : 'sometimes '}${describe(details!.schema)}`)
    .join('; ');
  return {
    type: 'object',
    required: ['error', 'meta'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: ERROR_CODES },
          message: { type: 'string', description: 'What went wrong and what to do, for people: match on `code`, not on the words' },
          details: { description: `By code: ${described}. The other codes send no details.` },
        },
        oneOf: branches,
      },
      meta: {
        type: 'object',
        required: ['request_id', 'latency_ms'],
        additionalProperties: false,
        properties: { request_id: { type: 'string' }, latency_ms: { type: 'integer', minimum: 0 } },
      },
    },
  };
}

function describe(schema: JsonSchema): string {
  if (schema.type === 'array') return '[{path, message}, …]';
  return `{${Object.keys(schema.properties as JsonSchema).join(', ')}}`;
}
