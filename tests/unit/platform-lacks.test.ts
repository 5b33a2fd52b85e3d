import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { BLUESKY_LACKS } from '@/lib/platform/bluesky/reads';
import { X_LACKS } from '@/lib/platform/x/reads';

// Platform.lacks names operations by id: a misspelt one would silently stop the early 503.
describe('the operations a platform lacks', () => {
  it.each([
    ['Bluesky', BLUESKY_LACKS],
    ['X', X_LACKS],
  ])('%s names registered operations, each with a 503 message naming the platform', (platform, lacks) => {
    const ids = new Set(OPERATIONS.map((operation) => operation.id));
    for (const [id, message] of Object.entries(lacks)) {
      expect(ids.has(id), id).toBe(true);
      expect(message).toMatch(new RegExp(`^${platform} does not offer `));
    }
  });
});
