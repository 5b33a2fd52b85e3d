import { PATTERN_MESSAGES } from '@/lib/playground/pattern-messages';
import type { FieldSpec, OperationView } from '@/lib/playground/types';
import { referencedRecords, typeText, type JsonSchema } from './schema-text';

export type DocField = { name: string; type: string; required: boolean; description?: string; records: string[] };

export type DocInput = Pick<FieldSpec, 'name' | 'location' | 'required' | 'description' | 'defaultValue' | 'options' | 'pattern'> & { type: string };

export type DocOperation = {
  id: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description: string[];
  /** The list price on the default platform (x-credits), with every platform's under `platforms`. */
  credits: DocCredits;
  scope: string;
  inputs: DocInput[];
  /** The type of `data` on success, and the records it refers to. */
  data: { type: string; records: string[]; fields: DocField[] };
  /** Fields this operation adds to `meta`. */
  metaExtra: DocField[];
  errors: Array<{ status: string; description: string }>;
};

export type DocCredits = { per: string; unit: string; credits: number; minimum?: number; platforms?: Record<string, { credits: number; minimum: number }> };

export type DocRecord = { name: string; description?: string; fields: DocField[] };

export type DocsModel = {
  title: string;
  description: string;
  tags: Array<{ name: string; operations: DocOperation[] }>;
  records: DocRecord[];
  operationCount: number;
  /** The platform whose prices `credits` gives (the default one); the other platforms' are under credits.platforms. */
  platform: string;
};

type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  'x-credits': DocCredits;
  'x-scope': string;
  responses: Record<string, { description: string; content?: { 'application/json'?: { schema?: JsonSchema } } }>;
};

type OpenApiDocument = {
  info: { title: string; description: string; 'x-price-platform'?: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const META_FIELDS = new Set(['request_id', 'latency_ms', 'result_count', 'next_cursor', 'has_next_page', 'credits_charged', 'credits_remaining']);

/** The fields of an object schema, required ones marked. */
export function fieldsOf(schema: JsonSchema | undefined): DocField[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: (schema.required ?? []).includes(name),
    description: property.description,
    records: referencedRecords(property),
  }));
}

function inputType(field: FieldSpec): string {
  switch (field.kind) {
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return (field.options ?? []).map((o) => JSON.stringify(o)).join(' | ');
    case 'string-list':
      return 'string[]';
    case 'json':
      return 'object';
    default:
      return 'string';
  }
}

function constraintsOf(field: FieldSpec): string[] {
  const out: string[] = [];
  if (field.minimum !== undefined || field.maximum !== undefined) out.push(field.maximum !== undefined ? `${field.minimum ?? '…'} to ${field.maximum.toLocaleString('en-US')}` : `at least ${field.minimum}`);
  if (field.minLength !== undefined || field.maxLength !== undefined) out.push(`${field.minLength ?? 0} to ${field.maxLength ?? '…'} characters`);
  if (field.minItems !== undefined || field.maxItems !== undefined) out.push(`${field.minItems ?? 0} to ${field.maxItems ?? '…'} entries`);
  // In the API's words where the playground has them (a URL's pattern is no help to read).
  if (field.pattern) out.push(PATTERN_MESSAGES[field.pattern] ?? `matches ${field.pattern}`);
  return out;
}

function docInput(field: FieldSpec): DocInput {
  const notes = [field.description, ...constraintsOf(field)].filter(Boolean).join('; ');
  const input: DocInput = { name: field.name, location: field.location, required: field.required, type: inputType(field) };
  if (notes) input.description = notes.charAt(0).toUpperCase() + notes.slice(1);
  if (field.defaultValue !== undefined) input.defaultValue = field.defaultValue;
  return input;
}

function docOperation(path: string, method: string, op: OpenApiOperation, inputs: FieldSpec[]): DocOperation {
  const success = op.responses['200']?.content?.['application/json']?.schema;
  const dataSchema = success?.properties?.data;
  const metaSchema = success?.properties?.meta;
  const extra = fieldsOf(metaSchema).filter((f) => !META_FIELDS.has(f.name));
  return {
    id: op.operationId,
    tag: op.tags[0],
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    // The document's description ends with the cost sentence, which the reference shows on its own.
    description: (op.description ?? '').split('\n\n').filter((p) => p && !/^(Free\.|\d+ credits per )/.test(p)),
    credits: op['x-credits'],
    scope: op['x-scope'],
    inputs: inputs.map(docInput),
    data: { type: typeText(dataSchema), records: referencedRecords(dataSchema), fields: dataSchema?.$ref || dataSchema?.type === 'array' ? [] : fieldsOf(dataSchema) },
    metaExtra: extra,
    errors: Object.entries(op.responses)
      .filter(([status]) => status !== '200')
      .map(([status, response]) => ({ status, description: response.description })),
  };
}

/**
 * The API reference as plain data: operations by tag, records and errors from the OpenAPI
 * document; inputs from the same field descriptions the playground's forms are built from,
 * which keep ranges and defaults that the document's input schemas lose behind zod pipes.
 */
export function buildDocsModel(document: OpenApiDocument | Record<string, unknown>, views: readonly OperationView[]): DocsModel {
  const doc = document as OpenApiDocument;
  const byId = new Map(views.map((v) => [v.id, v]));
  const operations: DocOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) operations.push(docOperation(path, method, op, byId.get(op.operationId)?.fields ?? []));
  }
  // Registry order (the contract's), which the views keep; the document is keyed by path.
  const order = new Map(views.map((v, i) => [v.id, i]));
  operations.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const tags = doc.tags.map(({ name }) => ({ name, operations: operations.filter((o) => o.tag === name) })).filter((t) => t.operations.length > 0);
  const records = Object.entries(doc.components.schemas)
    .filter(([name]) => name !== 'Error')
    .map(([name, schema]) => ({ name, description: schema.description, fields: fieldsOf(schema) }));
  // The document says which platform its prices are on (openapi.ts); without it, the embedded one.
  const platform = doc.info['x-price-platform'] ?? 'local';
  return { title: doc.info.title, description: doc.info.description, tags, records, operationCount: operations.length, platform };
}
