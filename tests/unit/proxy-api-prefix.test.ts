import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';

// Under `next dev` and serverless hosts (no server.ts fast path), `/V2/…` must reach the API's
// route handler as under server.ts, not fall through to an HTML 404 page.

describe('proxy and the /v2 prefix', () => {
  it('rewrites any case of the prefix to /v2, keeping the rest of the path and the query', () => {
    for (const [from, to] of [
      ['/V2/account?x=1', '/v2/account?x=1'],
      ['/V2', '/v2'],
      ['/V2/users/Jack/tweets', '/v2/users/Jack/tweets'],
    ]) {
      const response = proxy(new NextRequest(`http://perch.test${from}`));
      expect(response.headers.get('x-middleware-rewrite'), from).toBe(`http://perch.test${to}`);
    }
  });

  it('leaves pages alone, including paths that only start like the prefix', () => {
    for (const path of ['/dashboard', '/V2x', '/v20']) {
      const response = proxy(new NextRequest(`http://perch.test${path}`));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('content-security-policy'), path).toBeTruthy();
    }
  });
});
