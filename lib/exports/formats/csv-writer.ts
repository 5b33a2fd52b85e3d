import { stringify, type Options } from 'csv-stringify/sync';
import type { ExportRecordKind } from '../record-kind';
import { csvColumns } from './csv-columns';
import type { RecordWriter } from './record-writer';

// RFC 4180 quoting is csv-stringify's: a cell is quoted when it holds a comma, a double quote
// (doubled inside) or a line break. Lines end in "\n". The writer returns text; the file is UTF-8
// without a byte-order mark, so concatenated pages stay plain bytes and `header()` is the only start.
// escape_formulas is OWASP's CSV-injection advice: a string cell starting with = + - @ tab or CR
// (or their full-width forms) gets a leading ', so a spreadsheet shows it as text instead of
// running it. csv-stringify applies it to strings only: a negative number stays a number.
const OPTIONS: Options = {
  record_delimiter: '\n',
  escape_formulas: true,
  bom: false,
  cast: { boolean: (value) => (value ? 'true' : 'false') },
};

/** The CSV writer for records of a kind: the column row, then one row per record (docs/exports-csv.md). */
export function csvWriter(kind: ExportRecordKind): RecordWriter {
  const columns = csvColumns(kind);
  const header = stringify([columns.map((column) => column.name)], OPTIONS);
  return {
    header: () => header,
    page: (records) => (records.length === 0 ? '' : stringify(records.map((record) => columns.map((column) => column.cell(record))), OPTIONS)),
  };
}
