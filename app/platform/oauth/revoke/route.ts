// The platform's token revocation endpoint (RFC 7009).
import { handleRevokeEndpoint } from '@/lib/oauth/token-endpoint';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return handleRevokeEndpoint(request);
}
