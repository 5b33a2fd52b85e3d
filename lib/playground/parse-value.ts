import type { FieldSpec } from './types';

/** The entries of a list field: one per line or comma-separated, blanks dropped. */
export function listItems(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A field's text as the JSON value it is sent as; undefined when left empty (not sent). */
export function typedValue(field: FieldSpec, raw: string): string | number | boolean | string[] | undefined {
  const text = field.kind === 'string' ? raw : raw.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'integer':
      return Number(text);
    case 'boolean':
      return text === 'true';
    case 'string-list':
      return listItems(text);
    default:
      return text;
  }
}
