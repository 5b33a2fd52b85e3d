/** What a Range header asks of a file of known size (RFC 9110 section 14). */
export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

function whole(digits: string): number | null {
  if (digits === '') return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

/**
 * The one byte range `header` asks for within `size` bytes: `bytes=a-b`, `bytes=a-` or
 * `bytes=-n` (the last n). A header that is not one well-formed bytes range (another unit, bad
 * syntax, a range whose end is before its start, several ranges) is ignored, as RFC 9110 allows:
 * the whole file is sent. A well-formed range that starts at or past the end (or `-0`) is
 * unsatisfiable (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange {
  if (header === null) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*?)\s*$/i.exec(header);
  if (!match || match[1].includes(',')) return { kind: 'whole' };
  const spec = SPEC.exec(match[1]);
  if (!spec) return { kind: 'whole' };
  const first = whole(spec[1]);
  const last = whole(spec[2]);
  if (first === null) {
    // A suffix: the last `last` bytes.
    if (last === null) return { kind: 'whole' };
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - last), end: size - 1 };
  }
  if (last !== null && last < first) return { kind: 'whole' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start: first, end: Math.min(last ?? size - 1, size - 1) };
}

/** Whether an Accept-Encoding header takes gzip (named, or through `*`, with a q above 0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') return wanted;
    if (name.trim() === '*') star = wanted;
  }
  return star === true;
}
