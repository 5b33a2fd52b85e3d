/**
 * What the request log keeps of a call's parameters: the path parameters, the query and the
 * JSON body as the client sent them (so a 400 shows what was wrong), never a secret. The key
 * travels in Authorization and is not a parameter; an Idempotency-Key is kept as a marker only
 * (its value replays a write). Fields whose names look like secrets are redacted, and a large
 * body is cut to a bound so one call cannot bloat the log.
 */
export type SentParams = {
  /** For a call no operation serves: the method and path it asked for. */
  request?: { method: string; path: string };
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  idempotencyKey?: boolean;
};

/** The most a call's stored parameters take, as JSON text. */
export const MAX_PARAMS_CHARS = 4_096;
const MAX_STRING_CHARS = 500;
const SECRET_NAME = /secret|password|passphrase|token|authorization|api_?key|credential/i;
export const REDACTED = '[redacted]';

// PostgreSQL refuses NUL characters and lone UTF-16 surrogates in text and jsonb, and one bad
// record would fail the whole batched insert: they are replaced before anything is stored.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text PostgreSQL stores as is: no NUL, no lone surrogate; at most `max` characters. */
export function storableText(text: string, max = 1_000): string {
  const clean = text.replace(UNSTORABLE, '\ufffd');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export function requestParams(sent: SentParams): Record<string, unknown> | null {
  const params: Record<string, unknown> = {};
  if (sent.request) params.request = { method: sent.request.method.slice(0, 20), path: sent.request.path.slice(0, 200) };
  for (const part of ['path', 'query', 'body'] as const) {
    const values = sent[part];
    if (values && Object.keys(values).length > 0) params[part] = redact(values, 0);
  }
  if (sent.idempotencyKey) params.idempotency_key = 'present';
  if (Object.keys(params).length === 0) return null;
  // Most calls send a few short values: no need to serialize them to know they fit.
  if (roughJsonBound(params, 0) <= MAX_PARAMS_CHARS) return params;
  const text = JSON.stringify(params);
  if (text.length <= MAX_PARAMS_CHARS) return params;
  return { truncated: true, preview: storableText(text, MAX_PARAMS_CHARS) };
}

/** An upper bound of the length of `value` as JSON (a character escapes to at most 6); Infinity when deep or long. */
function roughJsonBound(value: unknown, depth: number): number {
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (value === null || typeof value !== 'object') return 24;
  if (depth > 3) return Infinity;
  let size = 2;
  for (const [name, inner] of Object.entries(value)) {
    size += 4 + 6 * name.length + roughJsonBound(inner, depth + 1);
    if (size > MAX_PARAMS_CHARS) return Infinity;
  }
  return size;
}

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value, MAX_STRING_CHARS);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[storableText(name, 100)] = SECRET_NAME.test(name) ? REDACTED : redact(inner, depth + 1);
  return out;
}
