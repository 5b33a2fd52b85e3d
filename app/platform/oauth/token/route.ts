// The platform's OAuth 2.0 token endpoint (RFC 6749 §3.2): authorization_code with PKCE S256,
// refresh_token with rotation. All logic is framework-free in lib/oauth.
import { handleTokenEndpoint } from '@/lib/oauth/token-endpoint';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return handleTokenEndpoint(request);
}
