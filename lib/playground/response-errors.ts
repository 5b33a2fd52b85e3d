import type { OperationView } from './types';

type ErrorBody = { error?: { code?: unknown; message?: unknown; details?: unknown } };

/**
 * The per-field problems of a 400 answer, by form field: the server's rules the form cannot
 * check itself (a refinement, an unknown country) then show where the value was typed.
 */
export function fieldErrorsFromResponse(operation: OperationView, json: unknown): Record<string, string> {
  const details = (json as ErrorBody | undefined)?.error?.details;
  if (!Array.isArray(details)) return {};
  const names = new Set(operation.fields.map((f) => f.name));
  const out: Record<string, string> = {};
  for (const detail of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    // "usernames.2" is the third entry of the usernames list.
    const [name, ...rest] = detail.path.split('.');
    if (!names.has(name) || out[name]) continue;
    out[name] = rest.length > 0 ? `entry ${Number(rest[0]) + 1}: ${detail.message}` : detail.message;
  }
  return out;
}
