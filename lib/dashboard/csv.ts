type Cell = string | number | null;

// A text cell starting with one of these is run as a formula by spreadsheet programs; a key
// name like "=HYPERLINK(…)" must arrive as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (RFC 4180, CRLF-terminated). */
export function csvLine(values: readonly Cell[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}
