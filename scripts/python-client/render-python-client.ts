// Renders the generated part of the Python client (clients/python/perch/_generated.py) from
// the OpenAPI document: one TypedDict per record schema, the operation table, one typed
// method per operation and one paginator per paged operation. Pure: document in, text out,
// so a unit test can check that the committed file is current.

import { pythonName } from '@/lib/playground/python-name';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type OpenApiOperation = {
  operationId: string;
  summary?: string;
  description?: string;
  'x-scope'?: 'read' | 'write';
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, Schema> } };

/** One argument of a generated method. */
type Argument = { name: string; wireName: string; annotation: string; required: boolean; where: 'path' | 'query' | 'body' };

/** camelCase or kebab-case → snake_case, never a Python keyword (the playground's snippets name them alike). */
export const snakeCase = pythonName;

function pascalCase(name: string): string {
  return name
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

function pyString(value: string): string {
  return JSON.stringify(value);
}

/** Collects the TypedDicts that anonymous nested objects need, in the order they are met. */
class TypedDictCollector {
  readonly blocks: string[] = [];
  readonly #names = new Set<string>();

  constructor(private readonly components: Record<string, Schema>) {}

  /** The Python annotation of a JSON Schema; nested objects become TypedDicts named after `hint`. */
  annotation(schema: Schema, hint: string): string {
    if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
    const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (variants) return this.union(variants.map((variant) => this.annotation(variant, hint)));
    if (schema.const !== undefined) return `Literal[${JSON.stringify(schema.const).replace(/^true$/, 'True').replace(/^false$/, 'False')}]`;
    if (Array.isArray(schema.enum)) return `Literal[${schema.enum.map((value) => (typeof value === 'string' ? pyString(value) : String(value))).join(', ')}]`;
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
    if (types.length > 1) return this.union(types.map((type) => this.annotation({ ...schema, type }, hint)));
    switch (types[0]) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `List[${this.annotation((schema.items ?? {}) as Schema, hint)}]`;
      case 'object':
        return schema.properties ? this.typedDict(hint, schema) : 'Dict[str, Any]';
      default:
        return 'Any';
    }
  }

  /** Declares a TypedDict for an object schema and returns its name. */
  typedDict(name: string, schema: Schema, doc?: string): string {
    if (this.#names.has(name)) return name;
    this.#names.add(name);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const fields = Object.entries(properties).map(([field, fieldSchema]) => [field, this.annotation(fieldSchema, name + pascalCase(field))] as const);
    const lines = [`${name} = TypedDict(`, `    ${pyString(name)},`, '    {'];
    // Quoted: forward references, since records refer to records declared later.
    for (const [field, annotation] of fields) lines.push(`        ${pyString(field)}: ${pyString(annotation)},`);
    lines.push('    },', ')');
    if (doc) lines.push(`"""${doc}"""`);
    // Functional syntax: field names such as `from` would be invalid as class attributes.
    this.blocks.push(lines.join('\n'));
    return name;
  }

  declareComponents(): void {
    for (const [name, schema] of Object.entries(this.components)) {
      if (name === 'Error') continue;
      this.typedDict(name, schema, typeof schema.description === 'string' ? schema.description : undefined);
    }
  }

  private union(annotations: string[]): string {
    const unique = [...new Set(annotations)];
    const withoutNone = unique.filter((annotation) => annotation !== 'None');
    const inner = withoutNone.length === 1 ? withoutNone[0] : `Union[${withoutNone.join(', ')}]`;
    return withoutNone.length < unique.length ? `Optional[${inner}]` : inner;
  }
}

type RenderedOperation = {
  id: string;
  method: string;
  path: string;
  input: 'query' | 'body' | null;
  scope: 'read' | 'write';
  paged: boolean;
  args: Argument[];
  dataAnnotation: string;
  itemAnnotation: string | null;
  doc: string;
};

function argumentsOf(operation: OpenApiOperation, types: TypedDictCollector): Argument[] {
  const args: Argument[] = [];
  // Header parameters (Perch-Platform) are the client's settings, not each method's arguments.
  for (const parameter of (operation.parameters ?? []).filter((candidate) => candidate.in !== 'header')) {
    args.push({
      name: snakeCase(parameter.name),
      wireName: parameter.name,
      annotation: types.annotation(parameter.schema, pascalCase(operation.operationId) + pascalCase(parameter.name)),
      required: parameter.in === 'path' || parameter.required === true,
      where: parameter.in as 'path' | 'query',
    });
  }
  const body = operation.requestBody?.content['application/json'].schema;
  if (body) {
    const required = new Set((body.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, Schema>)) {
      args.push({ name: snakeCase(name), wireName: name, annotation: types.annotation(schema, pascalCase(operation.operationId) + pascalCase(name)), required: required.has(name), where: 'body' });
    }
  }
  return args;
}

function describe(operation: OpenApiOperation): string {
  const text = [operation.summary, operation.description].filter(Boolean).join('\n\n');
  const escaped = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
  // Continuation lines indented as the method body, blank lines left empty.
  return escaped
    .split('\n')
    .map((line, index) => (index === 0 || line === '' ? line : `        ${line}`))
    .join('\n');
}

function collectOperations(document: OpenApiDocument, types: TypedDictCollector): RenderedOperation[] {
  const operations: RenderedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const args = argumentsOf(operation, types);
      const dataSchema = ((operation.responses['200']?.content?.['application/json'].schema.properties ?? {}) as Record<string, Schema>).data ?? {};
      const dataAnnotation = types.annotation(dataSchema, `${pascalCase(operation.operationId)}Result`);
      const paged = args.some((arg) => arg.wireName === 'cursor');
      const itemAnnotation = paged && dataSchema.type === 'array' ? types.annotation((dataSchema.items ?? {}) as Schema, `${pascalCase(operation.operationId)}Item`) : null;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        input: operation.requestBody ? 'body' : args.some((arg) => arg.where === 'query') ? 'query' : null,
        scope: operation['x-scope'] ?? 'read',
        paged,
        args,
        dataAnnotation,
        itemAnnotation,
        doc: describe(operation),
      });
    }
  }
  return operations;
}

function signature(args: Argument[], extra: string[]): string[] {
  const positional = args.filter((arg) => arg.where === 'path');
  const keywords = args.filter((arg) => arg.where !== 'path');
  const lines = ['        self,'];
  for (const arg of positional) lines.push(`        ${arg.name}: ${arg.annotation},`);
  lines.push('        *,');
  for (const arg of keywords.filter((k) => k.required)) lines.push(`        ${arg.name}: ${arg.annotation},`);
  for (const arg of keywords.filter((k) => !k.required)) lines.push(`        ${arg.name}: Optional[${arg.annotation.replace(/^Optional\[(.*)\]$/, '$1')}] = None,`);
  lines.push(...extra.map((line) => `        ${line},`));
  return lines;
}

function inputsLiteral(args: Argument[]): { path: string; inputs: string } {
  const entry = (arg: Argument) => `${pyString(arg.wireName)}: ${arg.name}`;
  return {
    path: `{${args.filter((arg) => arg.where === 'path').map(entry).join(', ')}}`,
    inputs: `{${args.filter((arg) => arg.where !== 'path').map(entry).join(', ')}}`,
  };
}

function renderMethod(operation: RenderedOperation): string {
  const extra = operation.scope === 'write' ? ['idempotency_key: Optional[str] = None', 'timeout: Optional[float] = None'] : ['timeout: Optional[float] = None'];
  const { path, inputs } = inputsLiteral(operation.args);
  const keyArgument = operation.scope === 'write' ? ', idempotency_key=idempotency_key' : '';
  return [
    `    def ${snakeCase(operation.id)}(`,
    ...signature(operation.args, extra),
    `    ) -> Response[${operation.dataAnnotation}]:`,
    `        """${operation.doc}"""`,
    `        return self._call(${pyString(operation.id)}, ${path}, ${inputs}, timeout=timeout${keyArgument})`,
  ].join('\n');
}

function renderPaginator(operation: RenderedOperation): string {
  const args = operation.args.filter((arg) => arg.wireName !== 'cursor');
  const { path, inputs } = inputsLiteral(args);
  return [
    `    def ${snakeCase(operation.id)}(`,
    ...signature(args, ['max_items: Optional[int] = None', 'timeout: Optional[float] = None']),
    `    ) -> Iterator[${operation.itemAnnotation}]:`,
    `        """Every item of ${snakeCase(operation.id)}, page after page, up to max_items."""`,
    `        return self._client._iterate(${pyString(operation.id)}, ${path}, ${inputs}, max_items=max_items, timeout=timeout)`,
  ].join('\n');
}

function renderOperationTable(operations: RenderedOperation[]): string {
  const rows = operations.map(
    (operation) =>
      `    ${pyString(operation.id)}: OperationInfo(${pyString(operation.method)}, ${pyString(operation.path)}, ${operation.input === null ? 'None' : pyString(operation.input)}, ${pyString(operation.scope)}, ${operation.paged ? 'True' : 'False'}),`,
  );
  return ['OPERATIONS: Dict[str, OperationInfo] = {', ...rows, '}'].join('\n');
}

/** The text of clients/python/perch/_generated.py for an OpenAPI document. */
export function renderPythonClient(document: OpenApiDocument): string {
  const types = new TypedDictCollector(document.components.schemas);
  types.declareComponents();
  const operations = collectOperations(document, types);
  const paged = operations.filter((operation) => operation.paged && operation.itemAnnotation);
  return [
    '# Generated from the OpenAPI document by scripts/generate-clients.ts: do not edit.',
    '# `npm run generate:clients` rewrites it; tests/unit/client-generated.test.ts checks it is current.',
    'from __future__ import annotations',
    '',
    'from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Literal, NamedTuple, Optional, TypedDict, Union',
    '',
    'if TYPE_CHECKING:',
    '    from ._client import Perch, Response',
    '',
    '',
    'class OperationInfo(NamedTuple):',
    '    method: str',
    '    path: str',
    '    input: Optional[str]',
    '    scope: str',
    '    paged: bool',
    '',
    '',
    types.blocks.join('\n\n\n'),
    '',
    '',
    renderOperationTable(operations),
    '',
    '',
    'class Operations:',
    '    """One method per /v2 operation; Perch inherits them."""',
    '',
    '    def _call(self, operation_id: str, path: Dict[str, Any], inputs: Dict[str, Any], *, timeout: Optional[float] = None, idempotency_key: Optional[str] = None) -> Any:',
    '        raise NotImplementedError',
    '',
    operations.map(renderMethod).join('\n\n'),
    '',
    '',
    'class Paginators:',
    '    """`perch.paginate.<operation>(...)`: every item of a paged operation, fetched page by page."""',
    '',
    '    def __init__(self, client: Perch) -> None:',
    '        self._client = client',
    '',
    paged.map(renderPaginator).join('\n\n'),
    '',
  ].join('\n');
}
