// Values in PostgreSQL's COPY text format: tab-separated columns, \N for NULL, and the
// backslash, tab, newline and carriage return escaped inside values.

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value for COPY, or \N for null. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : value;
}

/** A jsonb value for COPY. */
export function copyJson(value: unknown): string {
  return copyText(JSON.stringify(value));
}

/** A text[] value for COPY: an array literal with every element quoted. */
export function copyTextArray(values: readonly string[]): string {
  return copyText(`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

/** A timestamptz value for COPY from epoch milliseconds. */
export function copyTime(ms: number): string {
  return new Date(ms).toISOString();
}
