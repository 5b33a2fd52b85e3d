import type { FieldSpec } from './types';

const range = (min: number | undefined, max: number | undefined) => {
  if (min !== undefined && max !== undefined) return `${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}`;
  if (min !== undefined) return `≥ ${min.toLocaleString('en-US')}`;
  if (max !== undefined) return `≤ ${max.toLocaleString('en-US')}`;
  return '';
};

/** A field's type in a few words: "integer 1–1000", "string ≤ 512 chars", "list of 1–100". */
export function fieldTypeLabel(field: FieldSpec): string {
  switch (field.kind) {
    case 'integer':
      return `integer ${range(field.minimum, field.maximum)}`.trim();
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    case 'json':
      return 'JSON object';
    case 'string-list': {
      const items = range(field.minItems, field.maxItems);
      return items ? `list of ${items} strings` : 'list of strings';
    }
    default: {
      const length = range(field.minLength, field.maxLength);
      return length ? `string, ${length} chars` : 'string';
    }
  }
}
