// Perch's atproto OAuth client metadata: its client_id is this document's URL, which each
// Bluesky authorization server fetches. Only an https PERCH_PUBLIC_URL has one (the loopback
// development client's metadata is implied by its client_id).
import { blueskyClientMetadata } from '@/lib/connections/bluesky-oauth-client';
import { readPlatformConfig } from '@/lib/platform/platform-config';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(): Response {
  const oauth = readPlatformConfig().bluesky?.oauth;
  if (!oauth || oauth.loopback) return Response.json({ error: 'not found' }, { status: 404 });
  return Response.json(blueskyClientMetadata(oauth), { headers: { 'cache-control': 'public, max-age=600' } });
}
