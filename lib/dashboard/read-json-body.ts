const MAX_BODY_BYTES = 16 * 1024;

export type JsonBody = { ok: true; body: unknown } | { ok: false; status: number; message: string };

/**
 * A dashboard mutation's JSON body. Requiring application/json also keeps plain HTML forms
 * on other sites from posting here: a cross-site JSON request needs a CORS preflight we never grant.
 */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return { ok: false, status: 415, message: 'send application/json' };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'request body too large' };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'the body is not valid JSON' };
  }
}
