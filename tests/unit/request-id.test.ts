import { describe, expect, it } from 'vitest';
import { newRequestId } from '@/lib/api/request-id';

describe('request ids', () => {
  it('are req_ and 16 base64url characters, all different', () => {
    const ids = Array.from({ length: 100_000 }, () => newRequestId());
    for (const id of ids.slice(0, 1_000)) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sort by time in byte order (the usage index appends instead of writing all over)', async () => {
    const earlier = Array.from({ length: 50 }, () => newRequestId());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 50 }, () => newRequestId());
    const latestEarlier = earlier.reduce((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b)) > 0 ? a : b));
    for (const id of later) expect(Buffer.compare(Buffer.from(id), Buffer.from(latestEarlier))).toBe(1);
    // The time part is the call's millisecond.
    expect(parseInt(later[0].slice(4, 12), 36)).toBeGreaterThan(Date.now() - 1_000);
  });
});
