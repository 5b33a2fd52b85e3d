import type { FieldSpec } from './types';

/** The entries of a list field: one per line or comma-separated, blanks dropped. */
export function listItems(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A field's text as the JSON value it is sent as; undefined when left empty (not sent). */
export function typedValue(field: FieldSpec, raw: string): string | number | boolean | string[] | Record<string, unknown> | undefined {
  const text = field.kind === 'string' ? raw : raw.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'integer':
      return Number(text);
    case 'boolean':
      return text === 'true';
    case 'string-list':
      return listItems(text);
    case 'json':
      return jsonObject(text) ?? undefined;
    default:
      return text;
  }
}

/** A JSON object field's text as the object, or null when it is not one (validateField says why). */
export function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
