import type { FieldKind, FieldLocation, FieldSpec } from './types';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
};

export type FieldSchemas = {
  name: string;
  location: FieldLocation;
  required: boolean;
  /** The property in the JSON Schema of what the caller sends (z.toJSONSchema, io: 'input'). */
  input: JsonSchema;
  /** The same property after parsing (io: 'output'): it keeps ranges and defaults that sit behind a pipe or transform. */
  output: JsonSchema | undefined;
};

const isBooleanText = (s: JsonSchema) => s.type === 'string' && Array.isArray(s.enum) && s.enum.every((v) => v === 'true' || v === 'false');

function kindOf(input: JsonSchema, output: JsonSchema | undefined): FieldKind {
  if (input.type === 'array') return 'string-list';
  if (input.type === 'object') return 'json';
  if (input.type === 'boolean' || output?.type === 'boolean') return 'boolean';
  if (input.anyOf?.some((s) => s.type === 'boolean') && input.anyOf.every((s) => s.type === 'boolean' || isBooleanText(s))) return 'boolean';
  if (input.type === 'integer' || output?.type === 'integer') return 'integer';
  if (Array.isArray(input.enum) && input.enum.every((v) => typeof v === 'string')) return 'enum';
  return 'string';
}

// Query strings carry text, so whole numbers and booleans also accept their text form (an
// anyOf in the input schema); the output schema holds the real type and its range.
/** One form field from a property's input and output JSON Schemas. */
export function describeField({ name, location, required, input, output }: FieldSchemas): FieldSpec {
  const kind = kindOf(input, output);
  const spec: FieldSpec = { name, location, kind, required: location === 'path' || required };
  const defaultValue = input.default ?? output?.default;
  if (typeof defaultValue === 'string' || typeof defaultValue === 'number' || typeof defaultValue === 'boolean') spec.defaultValue = defaultValue;
  const description = input.description ?? output?.description;
  if (description) spec.description = description;
  if (kind === 'boolean') spec.options = ['true', 'false'];
  if (kind === 'enum') spec.options = input.enum as string[];
  if (kind === 'integer') {
    const range = output?.type === 'integer' ? output : input;
    if (range.minimum !== undefined) spec.minimum = range.minimum;
    if (range.maximum !== undefined && range.maximum < Number.MAX_SAFE_INTEGER) spec.maximum = range.maximum;
  }
  if (kind === 'string') {
    if (input.minLength !== undefined) spec.minLength = input.minLength;
    if (input.maxLength !== undefined) spec.maxLength = input.maxLength;
    if (input.pattern) spec.pattern = input.pattern;
  }
  if (kind === 'string-list') {
    if (input.minItems !== undefined) spec.minItems = input.minItems;
    if (input.maxItems !== undefined) spec.maxItems = input.maxItems;
    if (input.items?.pattern) spec.pattern = input.items.pattern;
    if (!spec.description && input.items?.description) spec.description = `Each entry: ${input.items.description.charAt(0).toLowerCase()}${input.items.description.slice(1)}`;
  }
  return spec;
}
