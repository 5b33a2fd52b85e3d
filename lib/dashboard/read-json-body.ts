import { findUnstorableText, NUL_MESSAGE } from '@/lib/db/unstorable-text';
import type { FieldErrors } from './field-errors';

const MAX_BODY_BYTES = 16 * 1024;

export type JsonBody = { ok: true; body: unknown } | { ok: false; status: number; message: string; errors?: FieldErrors };

/**
 * A dashboard mutation's JSON body. Requiring application/json also keeps plain HTML forms
 * on other sites from posting here: a cross-site JSON request needs a CORS preflight we never grant.
 */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return { ok: false, status: 415, message: 'send application/json' };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'request body too large' };
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, status: 400, message: 'the body is not valid JSON' };
  }
  // Text the database cannot store (NUL, a lone surrogate) is refused here for every form, by
  // field, before any of them reaches an INSERT and fails there as a 500.
  const unstorable = findUnstorableText(body);
  if (unstorable.length === 0) return { ok: true, body };
  const errors: FieldErrors = {};
  for (const problem of unstorable) {
    errors[problem.path.split('.')[0] || 'form'] ??= problem.message.endsWith(NUL_MESSAGE) ? 'Remove the NUL characters (U+0000): they cannot be stored' : 'Remove the invalid characters (unpaired UTF-16 surrogates)';
  }
  return { ok: false, status: 400, message: `${unstorable[0].path}: ${unstorable[0].message}`, errors };
}
