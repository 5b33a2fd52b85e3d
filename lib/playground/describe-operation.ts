import { z } from 'zod';
import { DEFAULT_COUNT } from '@/lib/api/charge';
import type { Operation } from '@/lib/api/define-operation';
import type { Pricing } from '@/lib/prices/price-book';
import { COUNTRIES, WORLDWIDE } from '@/lib/platform/countries';
import { describeField } from './describe-field';
import { exampleValue, type PlaygroundSamples } from './examples';
import type { FieldLocation, FieldSpec, OperationView } from './types';

type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as ObjectSchema;
}

function fieldsOf(schema: z.ZodObject<z.ZodRawShape> | undefined, location: FieldLocation): FieldSpec[] {
  if (!schema) return [];
  const input = jsonSchema(schema, 'input');
  const output = jsonSchema(schema, 'output');
  return Object.entries(input.properties ?? {}).map(([name, property]) =>
    describeField({ name, location, required: (input.required ?? []).includes(name), input: property, output: output.properties?.[name] }),
  );
}

// Rules that live in refinements JSON Schema cannot express, offered as hints instead.
const TREND_PLACES = [WORLDWIDE, ...COUNTRIES].map((place) => place.name);

function withHints(operation: Operation, field: FieldSpec, samples: PlaygroundSamples | undefined): FieldSpec {
  const out = { ...field };
  if (field.name === 'country') {
    // The OpenAPI document lists every trend name and code as an enum; the form stays a text
    // field with the names as suggestions, since the server also takes them in any case.
    out.kind = 'string';
    delete out.options;
    out.suggestions = TREND_PLACES;
  }
  if (field.name === 'text') out.multiline = true;
  // count is optional in the schema; the server fills in DEFAULT_COUNT (lib/api/charge.ts).
  if (field.name === 'count' && operation.paging && out.defaultValue === undefined) out.defaultValue = DEFAULT_COUNT;
  const example = samples ? exampleValue(operation.id, field.name, samples) : undefined;
  if (example !== undefined) out.example = example;
  return out;
}

// Path parameters, then what must be given, then the rest; paging and spending controls last.
const LAST = ['cursor', 'max_credits'];
function rank(field: FieldSpec): number {
  if (field.location === 'path') return 0;
  if (LAST.includes(field.name)) return 3 + LAST.indexOf(field.name);
  return field.required ? 1 : 2;
}

/**
 * The playground's and the reference's plain-data view of one registry operation. `pricing` is
 * what the viewer's workspace pays for it (getPriceBook().priceOf, as the server charges); without
 * it, the seed's price.
 */
export function describeOperation(operation: Operation, samples?: PlaygroundSamples, pricing?: Pricing): OperationView {
  const fields = [...fieldsOf(operation.params, 'path'), ...fieldsOf(operation.query, 'query'), ...fieldsOf(operation.body, 'body')]
    .map((field) => withHints(operation, field, samples))
    // sort is stable: fields of one rank keep the schema's order.
    .sort((a, b) => rank(a) - rank(b));
  const view: OperationView = {
    id: operation.id,
    tag: operation.tag,
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    scope: operation.scope,
    cost: pricing ? { per: pricing.per, unit: pricing.unit, credits: pricing.credits, minimum: pricing.minimum } : { ...operation.cost, minimum: 0 },
    fields,
  };
  if (operation.description) view.description = operation.description;
  if (operation.paging) view.maxCount = operation.paging.maxCount;
  if (operation.requestedItems) view.batchField = fields.find((f) => f.kind === 'string-list')?.name;
  return view;
}
