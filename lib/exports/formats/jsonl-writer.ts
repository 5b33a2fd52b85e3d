import type { RecordWriter } from './record-writer';

/** JSON Lines: one record per line, exactly as `/v2` returns it. */
export function jsonlWriter(): RecordWriter {
  return {
    header: () => '',
    page: (records) => {
      let out = '';
      for (const record of records) out += `${JSON.stringify(record)}\n`;
      return out;
    },
  };
}
