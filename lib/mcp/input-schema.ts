import { z } from 'zod';
import type { Operation } from '@/lib/api/define-operation';
import { inputsForSyntax } from '@/lib/api/platform-inputs';
import type { PlatformSyntax } from '@/lib/platform/syntax';

// A tool's input schema: the operation's path parameters, query and body merged into one JSON
// Schema object, in the syntax of the platform that serves the call (usernames and ids differ
// between the embedded platform, Bluesky and X). Converted as lib/api/openapi.ts converts them
// (z.toJSONSchema, input side, numbers and booleans shown as their parsed type), but
// self-contained: named records stay under the tool's own $defs instead of OpenAPI components.

export type JsonSchema = Record<string, unknown>;

/** A tool's input schema, and where each of its arguments goes in the /v2 request. */
export type ToolInput = {
  schema: JsonSchema & { type: 'object' };
  /** Argument names that are path parameters (substituted into the operation's path). */
  pathParams: readonly string[];
  /** Whether the operation takes max_credits (every paid one does). */
  takesMaxCredits: boolean;
};

/** Writes take an Idempotency-Key header on /v2; a tool takes it as this argument instead. */
export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * An input object's schema as an agent should read it: query strings parse "12" and "true",
 * so their input side is "number or numeric string" without the limits; shown instead as the
 * parsed type with its minimum, maximum and default (as the OpenAPI document does).
 */
function objectSchema(schema: z.ZodType): JsonSchema {
  const input = toJson(schema, 'input');
  const output = toJson(schema, 'output');
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const parsedProperties = (output.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    if (!Array.isArray(property.anyOf)) continue;
    const parsed = parsedProperties[name];
    const description = property.description ? { description: property.description } : {};
    if (parsed && ['integer', 'number'].includes(parsed.type as string)) properties[name] = { ...parsed, ...description };
    else if ((property.anyOf as JsonSchema[]).some((branch) => branch.type === 'boolean')) {
      properties[name] = { type: 'boolean', ...(parsed?.default !== undefined ? { default: parsed.default } : {}), ...description };
    }
  }
  return input;
}

const cache = new WeakMap<PlatformSyntax, WeakMap<Operation, ToolInput>>();

/** The operation's tool input in a platform's syntax; built once per operation and syntax. */
export function toolInputOf(operation: Operation, syntax: PlatformSyntax): ToolInput {
  let perOperation = cache.get(syntax);
  if (!perOperation) cache.set(syntax, (perOperation = new WeakMap()));
  let built = perOperation.get(operation);
  if (!built) {
    built = buildToolInput(operation, syntax);
    perOperation.set(operation, built);
  }
  return built;
}

function buildToolInput(operation: Operation, syntax: PlatformSyntax): ToolInput {
  const inputs = inputsForSyntax(operation, syntax);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const defs: Record<string, JsonSchema> = {};
  const pathParams: string[] = [];
  const top: JsonSchema = {};
  const add = (schema: z.ZodType | undefined, location: 'path' | 'query' | 'body') => {
    if (!schema) return;
    const json = objectSchema(schema);
    Object.assign(defs, (json.$defs ?? {}) as Record<string, JsonSchema>);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      // Path, query and body names never collide in the registry (camelCase path parameters,
      // snake_case fields); one that did would be ambiguous as an argument.
      if (properties[name]) throw new Error(`${operation.id}: argument ${name} is both a path parameter and a ${location} field`);
      properties[name] = property;
      if (location === 'path') pathParams.push(name);
    }
    for (const name of (json.required as string[] | undefined) ?? []) required.push(name);
    if (location === 'path') for (const name of Object.keys(json.properties ?? {})) if (!required.includes(name)) required.push(name);
    // A body that is one of several shapes (an export's per-operation bodies) keeps its branches.
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (json[key]) top[key] = json[key];
  };
  add(inputs.params, 'path');
  add(inputs.query, 'query');
  add(inputs.body, 'body');
  if (operation.scope === 'write') {
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: 'string',
      description: 'Makes a retry safe: a repeat with the same key and the same arguments within 24 hours returns the first answer and is not charged again (the Idempotency-Key header of /v2)',
    };
  }
  const schema: JsonSchema & { type: 'object' } = { type: 'object', properties, ...top };
  if (required.length > 0) schema.required = required;
  if (Object.keys(defs).length > 0) schema.$defs = defs;
  return { schema, pathParams, takesMaxCredits: 'max_credits' in properties || JSON.stringify(top).includes('"max_credits"') };
}
