import { typedValue } from '@/lib/playground/parse-value';
import { EXPORT_PAGE_FIELDS } from './export-page-fields';
import type { FieldValues, OperationView } from '@/lib/playground/types';

// The Exports page's form is the playground's (lib/playground): the same operation views and
// field editors, less the fields of one page of a call, which an export sets itself and the API
// refuses in `params` (lib/api/exports/export-inputs.ts).

/** An operation's view without count, cursor and max_credits: what an export's `params` take. */
export function exportFormOperation(operation: OperationView): OperationView {
  return { ...operation, fields: operation.fields.filter((field) => !EXPORT_PAGE_FIELDS.includes(field.name)) };
}

/** The form's values as the `params` object of POST /v2/exports: path and query fields together, typed, empty ones left out. */
export function exportParams(operation: OperationView, values: FieldValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of operation.fields) {
    const value = field.location === 'path' ? (values[field.name] ?? '').trim() || undefined : typedValue(field, values[field.name] ?? '');
    if (value !== undefined) params[field.name] = value;
  }
  return params;
}

/** A limit field's text as a whole number of at least 1, null when empty; undefined when it is not one. */
export function parseLimit(raw: string): number | null | undefined {
  const text = raw.trim();
  if (text === '') return null;
  return /^[0-9]{1,15}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}
