// Renders packages/client/src/generated/api-types.ts from the OpenAPI document: the record
// types, the error codes, and each operation's input and data. The published client carries
// these plain types instead of importing the server's zod schemas, so it installs with no
// server code; tests/unit/client-types.test.ts checks they equal the schemas' own types and
// tests/unit/client-generated.test.ts that the file is current.

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema };
type OpenApiOperation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, Schema> } };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** The TypeScript type of a JSON Schema, inline; named records by reference. */
export function typeOf(schema: Schema, indent = ''): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return [...new Set(variants.map((variant) => typeOf(variant, indent)))].join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, indent)).join(' | ');
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf((schema.items ?? {}) as Schema, indent);
      return /[ |]/.test(item) && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object':
      return schema.properties ? objectType(schema, indent) : 'Record<string, unknown>';
    default:
      return 'unknown';
  }
}

function objectType(schema: Schema, indent: string, optional: (name: string) => boolean = (name) => !((schema.required ?? []) as string[]).includes(name)): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  if (properties.length === 0) return '{}';
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const doc = typeof property.description === 'string' ? `${inner}/** ${property.description.replace(/\*\//g, '*\\/')} */\n` : '';
    return `${doc}${inner}${key(name)}${optional(name) ? '?' : ''}: ${typeOf(property, inner)};`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** An operation's input as its caller writes it: query parameters, or the JSON body's fields. */
function inputType(operation: OpenApiOperation): string {
  const body = operation.requestBody?.content['application/json'].schema;
  if (body) return objectType(body, '    ');
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  if (query.length === 0) return 'never';
  const properties = Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema]));
  const required = query.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return objectType({ properties, required }, '    ');
}

function dataType(operation: OpenApiOperation): string {
  const success = operation.responses['200']?.content?.['application/json'].schema;
  const data = ((success?.properties ?? {}) as Record<string, Schema>).data ?? {};
  return typeOf(data, '    ');
}

function errorCodes(document: OpenApiDocument): string[] {
  const error = document.components.schemas.Error as { properties: { error: { properties: { code: { enum: string[] } } } } };
  return error.properties.error.properties.code.enum;
}

/** The text of packages/client/src/generated/api-types.ts. */
export function renderClientTypes(document: OpenApiDocument): string {
  const records = Object.entries(document.components.schemas)
    .filter(([name]) => name !== 'Error')
    .map(([name, schema]) => `${typeof schema.description === 'string' ? `/** ${schema.description} */\n` : ''}export type ${name} = ${typeOf(schema)};`);
  const operations: string[] = [];
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      operations.push(`  ${operation.operationId}: {\n    input: ${inputType(operation)};\n    data: ${dataType(operation)};\n  };`);
    }
  }
  return [
    '// Generated from the OpenAPI document by scripts/generate-clients.ts: do not edit.',
    '// `npm run generate:clients` rewrites it; tests/unit/client-generated.test.ts checks it is current.',
    '',
    ...records.flatMap((record) => [record, '']),
    '/** Every error code an answer can carry (contract section 1). */',
    `export type ErrorCode = ${errorCodes(document).map((code) => JSON.stringify(code)).join(' | ')};`,
    '',
    '/** Each operation\'s input (query or JSON body; `never` when it takes none) and the `data` of its success. */',
    'export type OperationTypes = {',
    ...operations,
    '};',
    '',
  ].join('\n');
}
