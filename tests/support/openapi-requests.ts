import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createGenerator } from 'json-schema-faker';

// Requests made from the OpenAPI document alone: json-schema-faker fills each operation's path
// and query parameters and JSON body from their schemas, and ajv (with formats) confirms each
// request is one the document allows, so a refusal by the server is the document's or the
// server's fault, never the generator's.

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };

export type DocumentOperation = {
  operationId: string;
  method: string;
  /** The path template, /v2/users/{username}. */
  path: string;
  parameters: Parameter[];
  body?: { required: boolean; schema: Schema };
  /** Media types of the success. */
  successTypes: string[];
};

export type OpenApiDocument = { paths: Record<string, Record<string, Schema>> };

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const requestBody = operation.requestBody as { required: boolean; content: { 'application/json': { schema: Schema } } } | undefined;
      const success = (operation.responses as Record<string, { content?: Record<string, unknown> }>)['200'];
      return {
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[]) ?? [],
        body: requestBody ? { required: requestBody.required, schema: requestBody.content['application/json'].schema } : undefined,
        successTypes: Object.keys(success?.content ?? {}),
      };
    }),
  );
}

/** The path or query parameters as one object schema: what a request's values must satisfy together. */
export function parametersSchema(operation: DocumentOperation, location: 'path' | 'query'): Schema {
  const parameters = operation.parameters.filter((parameter) => parameter.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    additionalProperties: false,
  };
}

export type Inputs = { path: Record<string, unknown>; query: Record<string, unknown>; body?: Record<string, unknown> };

/** Checks inputs against the document, as a validator in front of the server would. */
export function documentValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<Schema, ReturnType<typeof ajv.compile>>();
  const check = (schema: Schema, value: unknown): string[] => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
  const schemas = new Map<DocumentOperation, { path: Schema; query: Schema }>();
  return (operation: DocumentOperation, inputs: Inputs): string[] => {
    let own = schemas.get(operation);
    if (!own) {
      own = { path: parametersSchema(operation, 'path'), query: parametersSchema(operation, 'query') };
      schemas.set(operation, own);
    }
    return [
      ...check(own.path, inputs.path).map((problem) => `path ${problem}`),
      ...check(own.query, inputs.query).map((problem) => `query ${problem}`),
      ...(operation.body && inputs.body !== undefined ? check(operation.body.schema, inputs.body).map((problem) => `body ${problem}`) : []),
      ...(operation.body?.required && inputs.body === undefined ? ['body is required'] : []),
    ];
  };
}

/**
 * json-schema-faker takes the first of two patterns it cannot merge, so the "no NUL" rule the
 * document adds beside a field's own pattern (allOf) is left out of what it generates from; ajv
 * still checks the result against the whole schema.
 */
function forGeneration(schema: Schema): Schema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'allOf' && typeof (node as Schema).pattern === 'string') continue;
      out[key] = walk(value);
    }
    return out;
  };
  return walk(schema) as Schema;
}

/**
 * Values at their schema's edges: json-schema-faker draws numbers uniformly, so a minimum of 15
 * out of 1..2^53 would never be tried. Here a number with limits becomes its minimum or maximum
 * now and then, in objects and arrays alike; the result stays within the schema.
 */
function withEdges(schema: Schema, value: unknown, random: () => number): unknown {
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') return value.map((item) => withEdges(schema.items as Schema, item, random));
  if (value && typeof value === 'object' && schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    for (const [name, item] of Object.entries(value)) if (properties[name]) (value as Record<string, unknown>)[name] = withEdges(properties[name], item, random);
    return value;
  }
  if (typeof value === 'number' && (schema.type === 'integer' || schema.type === 'number')) {
    const roll = random();
    if (roll < 0.25 && typeof schema.minimum === 'number') return schema.minimum;
    if (roll < 0.35 && typeof schema.maximum === 'number') return schema.maximum;
  }
  return value;
}

/** A seeded generator of document-valid inputs for each operation. */
export function inputGenerator(seed: number) {
  const generator = createGenerator({ seed, optionalsProbability: 0.5 });
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b_3c6d) + 0x6d2b_79f5) >>> 0;
    return state / 2 ** 32;
  };
  const prepared = new Map<DocumentOperation, { path: Schema; query: Schema; body?: Schema }>();
  return async (operation: DocumentOperation): Promise<Inputs> => {
    let schemas = prepared.get(operation);
    if (!schemas) {
      schemas = {
        path: forGeneration(parametersSchema(operation, 'path')),
        query: forGeneration(parametersSchema(operation, 'query')),
        body: operation.body ? forGeneration(operation.body.schema) : undefined,
      };
      prepared.set(operation, schemas);
    }
    const edged = async (schema: Schema) => withEdges(schema, await generator.generate(schema), random) as Record<string, unknown>;
    return { path: await edged(schemas.path), query: await edged(schemas.query), body: schemas.body ? await edged(schemas.body) : undefined };
  };
}

/** The request line's path with its parameters filled in, and its query string. */
export function requestTarget(operation: DocumentOperation, inputs: Inputs): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(inputs.path[name])));
  const query = new URLSearchParams(Object.entries(inputs.query).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${path}?${query}` : path;
}
