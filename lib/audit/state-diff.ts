export type StateChange = { field: string; before: unknown; after: unknown; changed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of a before/after pair, in the order they first appear, each with whether it
 * changed (compared as JSON, the form they are stored in). A side that is not an object (or
 * absent) is shown whole, as the field "value".
 */
export function stateDiff(before: unknown, after: unknown): StateChange[] {
  if (before == null && after == null) return [];
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) {
    return [{ field: 'value', before: before ?? null, after: after ?? null, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: Object.hasOwn(b, field) ? b[field] : undefined,
    after: Object.hasOwn(a, field) ? a[field] : undefined,
    changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  }));
}
