import crypto from 'node:crypto';
import { getSecret } from '@/lib/secrets/get-secret';
import { ApiError } from './errors';

type CursorPayload = { o: string; f: string; p: unknown };

function sign(body: string): string {
  return crypto.createHmac('sha256', getSecret('cursor', 'PERCH_CURSOR_SECRET')).update(body).digest('base64url').slice(0, 22);
}

/**
 * An opaque cursor: the keyset position, bound to the operation and a fingerprint of the
 * request's other parameters, signed so that it cannot be forged or edited.
 */
export function encodeCursor(operationId: string, fingerprint: string, position: unknown): string {
  const body = Buffer.from(JSON.stringify({ o: operationId, f: fingerprint, p: position } satisfies CursorPayload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

/** The keyset position inside a cursor; 400 when it was tampered with or made for other parameters. */
export function decodeCursor(cursor: string, operationId: string, fingerprint: string): unknown {
  const [body, signature, extra] = cursor.split('.');
  const expected = body ? sign(body) : '';
  // An empty body signs to an empty expectation, so it must be refused before comparing.
  const valid =
    Boolean(body) &&
    extra === undefined &&
    signature !== undefined &&
    signature.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  const payload = valid ? parsePayload(body) : null;
  if (!payload) throw new ApiError('invalid_request', 'cursor is not valid: pass meta.next_cursor back unchanged', [{ path: 'cursor', message: 'invalid cursor' }]);
  if (payload.o !== operationId || payload.f !== fingerprint) {
    throw new ApiError('invalid_request', 'cursor was issued for a different request: keep the other parameters unchanged while paging', [
      { path: 'cursor', message: 'cursor does not match these parameters' },
    ]);
  }
  return payload.p;
}

// Only our own signed bodies get here, but one signed under an older format must still be a 400, not a 500.
function parsePayload(body: string): CursorPayload | null {
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Partial<CursorPayload> | null;
    return payload && typeof payload === 'object' && typeof payload.o === 'string' && typeof payload.f === 'string' ? (payload as CursorPayload) : null;
  } catch {
    return null;
  }
}

/** A fingerprint of the parameters a cursor is bound to (all but count, cursor and max_credits). */
export function parameterFingerprint(values: Record<string, unknown>): string {
  const kept = Object.keys(values)
    .filter((key) => !['count', 'cursor', 'max_credits'].includes(key) && values[key] !== undefined)
    .sort()
    .map((key) => [key, values[key]]);
  // The one-shot hash: no Hash object per call (every paged answer computes this once).
  return crypto.hash('sha256', JSON.stringify(kept), 'base64url').slice(0, 16);
}
