import { z } from 'zod';
import { findUnstorableText } from '@/lib/db/unstorable-text';
import { ApiError } from './errors';
import type { ApiRequest } from './api-request';

export const MAX_BODY_BYTES = 64 * 1024;
// Refuses malformed UTF-8 instead of replacing it; one decoder serves every call (decode without
// `stream` keeps no state between calls).
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function detailsOf(error: z.ZodError, location: string): Array<{ path: string; message: string }> {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: key, message: `unknown ${location} parameter "${key}"` }));
    }
    const path = issue.path.map(String).join('.') || location;
    return [{ path, message: issue.message }];
  });
}

const EMPTY = z.object({}).strict();
// `.strict()` builds a new schema, and zod compiles each schema's parser on its first use:
// done per request it cost about a tenth of a cheap call's CPU (profiled). Built once per schema.
const strictSchemas = new WeakMap<z.ZodObject<z.ZodRawShape>, z.ZodObject<z.ZodRawShape>>();

function strictOf(schema: z.ZodObject<z.ZodRawShape> | undefined): z.ZodObject<z.ZodRawShape> {
  if (!schema) return EMPTY;
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = schema.strict();
    strictSchemas.set(schema, strict);
  }
  return strict;
}

// What a schema makes of nothing sent (its defaults), or null when that is an error: most calls
// send no query at all, and parsing `{}` again each time was a zod run per call for a known answer.
const emptyInputs = new WeakMap<z.ZodObject<z.ZodRawShape>, Record<string, unknown> | null>();

function parsedEmptyInput(strict: z.ZodObject<z.ZodRawShape>): Record<string, unknown> | null {
  let parsed = emptyInputs.get(strict);
  if (parsed === undefined) {
    const result = strict.safeParse({});
    parsed = result.success ? (result.data as Record<string, unknown>) : null;
    emptyInputs.set(strict, parsed);
  }
  return parsed;
}

/** Parses input with a strict schema; unknown fields and bad values are one 400 listing each problem. */
export function parseInput<S extends z.ZodObject<z.ZodRawShape>>(schema: S | undefined, input: Record<string, unknown>, location: 'path' | 'query' | 'body'): z.output<S> {
  const strict = strictOf(schema);
  if (isEmpty(input)) {
    // Nothing sent: the schema's defaults, known from its first such call (a copy: handlers own what they are given).
    const defaults = parsedEmptyInput(strict);
    if (defaults) return { ...defaults } as z.output<S>;
  }
  // Text the database cannot store (NUL, a lone surrogate) is refused by field whatever the
  // schema says, so that no operation's INSERT or jsonb cast turns it into a 500.
  const unstorable = findUnstorableText(input);
  if (unstorable.length > 0) throw new ApiError('invalid_request', `${unstorable[0].path}: ${unstorable[0].message}`, unstorable);
  const result = strict.safeParse(input);
  if (result.success) return result.data as z.output<S>;
  const details = detailsOf(result.error, location);
  const first = details[0];
  const message = first.message.startsWith('unknown') ? first.message : `${first.path}: ${first.message}`;
  throw new ApiError('invalid_request', message, details);
}

function isEmpty(input: Record<string, unknown>): boolean {
  for (const _ in input) return false;
  return true;
}

/** The query string as an object; a parameter given twice is a 400, not a silent pick. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  // Most calls send no query: reading searchParams would build a URLSearchParams for nothing.
  if (url.search === '') return out;
  for (const [key, value] of url.searchParams) {
    if (Object.hasOwn(out, key)) {
      throw new ApiError('invalid_request', `query parameter "${key}" is given more than once`, [{ path: key, message: 'given more than once' }]);
    }
    out[key] = value;
  }
  return out;
}

/** Reads a JSON object body of at most 64 KiB; an empty body is `{}`. */
export async function readJsonBody(request: ApiRequest): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await readLimited(request);
  if (bytes.length === 0) return {};
  assertJsonMediaType(request.headers.get('content-type'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(bytes));
  } catch {
    throw new ApiError('invalid_request', 'request body is not valid JSON', [{ path: 'body', message: 'malformed JSON' }]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError('invalid_request', 'request body must be a JSON object', [{ path: 'body', message: 'expected an object' }]);
  }
  return parsed as Record<string, unknown>;
}

/**
 * GET and DELETE operations take their inputs in the path and query. A body sent to them is
 * refused rather than ignored: ignoring it would silently drop a max_credits meant as a cap.
 */
export async function refuseBody(request: ApiRequest): Promise<Record<string, never>> {
  // A Web Request cannot carry a body on GET or HEAD, so the binding drops it: its framing
  // headers are what is left to tell that one was sent.
  const declared = request.headers.get('content-length');
  const framed = (declared !== null && declared.trim() !== '0') || request.headers.has('transfer-encoding');
  if (!framed && request.body === null) return {};
  const bytes = await readLimited(request);
  if (bytes.length > 0 || (framed && !request.body)) {
    throw new ApiError('invalid_request', `${request.method} takes no body: send inputs such as max_credits in the query string`, [
      { path: 'body', message: 'must be empty' },
    ]);
  }
  return {};
}

/**
 * Bodies are JSON only. Anything else labelled otherwise (a form, text/plain, JSON in another
 * charset) is refused with 415 rather than guessed at. The charset, when given, must be UTF-8.
 */
function assertJsonMediaType(contentType: string | null): void {
  const [essence, ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"|"$/g, '');
  if (essence === 'application/json' && (charset === undefined || charset === 'utf-8' || charset === 'utf8')) return;
  const sent = contentType === null ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType.slice(0, 100))}`;
  throw new ApiError('unsupported_media_type', `request bodies must be JSON: send Content-Type: application/json (got ${sent})`, [
    { path: 'content-type', message: 'expected application/json' },
  ]);
}

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `request body is over ${MAX_BODY_BYTES / 1024} KiB`);
}

async function readLimited(request: ApiRequest): Promise<Uint8Array> {
  if (request.readBody) {
    const bytes = await request.readBody(MAX_BODY_BYTES);
    if (bytes === null) throw tooLarge();
    return bytes;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
