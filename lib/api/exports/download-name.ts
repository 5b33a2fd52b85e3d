import type { ExportRow } from '@/lib/exports/export-store';

// The inputs that name what an export is of, in the order they are looked for.
const SUBJECT_FIELDS = ['username', 'userId', 'tweetId', 'listId', 'communityId', 'query'];

/** The export's subject (a username, an id, a search's query), or '' when it has none. */
function subjectOf(row: Pick<ExportRow, 'params'>): string {
  const inputs: Record<string, unknown> = { ...row.params.values, ...row.params.path };
  for (const field of SUBJECT_FIELDS) {
    const value = inputs[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** Letters and digits kept, accents taken off, anything else one `_`; at most 60 characters. */
function asciiSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 60)
    .replace(/[_.-]+$/, '');
}

/** RFC 5987 / 8187 value-chars: what encodeURIComponent leaves, less the characters it must not. */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The export's download name, `perch-<operation>-<subject>-<id>.<jsonl|csv>` (the subject left
 * out when it has nothing printable), and its Content-Disposition: an ASCII `filename`, plus
 * `filename*` in UTF-8 when the subject has characters ASCII cannot show.
 */
export function exportDownloadName(row: Pick<ExportRow, 'id' | 'operation' | 'format' | 'params'>): { filename: string; contentDisposition: string } {
  const subject = subjectOf(row);
  const name = (part: string) => ['perch', row.operation, part, row.id].filter(Boolean).join('-') + `.${row.format}`;
  const filename = name(asciiSafe(subject));
  let contentDisposition = `attachment; filename="${filename}"`;
  // Only printable ASCII survives asciiSafe unchanged; anything else gets its UTF-8 form too.
  if (/[^\x20-\x7e]/.test(subject)) {
    const unicode = name(subject.replace(/[\u0000-\u001f\u007f/\\"]+/g, '_').slice(0, 60));
    contentDisposition += `; filename*=UTF-8''${extValue(unicode)}`;
  }
  return { filename, contentDisposition };
}
