// JSON Schema (as in the OpenAPI document) turned into short type names for the reference.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  pattern?: string;
  default?: unknown;
};

/** The component name a $ref points at: "#/components/schemas/Tweet" → "Tweet". */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** Whether a union is the query-string form of a whole number: a number, or digits as text. */
function isNumericText(options: JsonSchema[]): boolean {
  return options.length === 2 && options.some((o) => o.type === 'number') && options.some((o) => o.type === 'string' && typeof o.pattern === 'string');
}

/** A schema's type in a few words: "Tweet[]", "string | null", "\"latest\" | \"popular\"", "{ id: string, username: string }". */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    if (isNumericText(union)) return 'integer';
    return [...new Set(union.map(typeText))].join(' | ');
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') {
    const item = typeText(schema.items);
    return item.includes(' ') && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'object' && schema.properties) {
    return `{ ${Object.entries(schema.properties)
      .map(([name, property]) => `${name}: ${typeText(property)}`)
      .join(', ')} }`;
  }
  return schema.type ?? 'any';
}

/** The record names a schema refers to, for links next to its type. */
export function referencedRecords(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.add(refName(value));
      else walk(value);
    }
  };
  walk(schema);
  return [...out];
}
