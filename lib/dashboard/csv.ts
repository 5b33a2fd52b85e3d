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

/** One keyset page of rows already written as CSV lines, and the cursor of the next, if any. */
export type CsvPage<Cursor> = { lines: string; next: Cursor | null };

/**
 * A CSV download read in keyset pages as the client takes them (every matching row, not only
 * the page a screen showed): the header line, then `readPage(cursor)` until it names no next.
 */
export function keysetCsvStream<Cursor>(header: readonly string[], first: Cursor, readPage: (cursor: Cursor) => Promise<CsvPage<Cursor>>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = first;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      if (done) return;
      const page = await readPage(cursor);
      if (page.lines) controller.enqueue(encoder.encode(page.lines));
      if (page.next !== null) cursor = page.next;
      else {
        done = true;
        controller.close();
      }
    },
  });
}
