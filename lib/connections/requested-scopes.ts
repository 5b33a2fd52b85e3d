import type { PlatformScope } from '@/lib/oauth/scopes';

/** What "Connect platform account" asks for: reading, every write, and staying connected. */
export const REQUESTED_SCOPES: readonly PlatformScope[] = ['tweet.read', 'tweet.write', 'like.write', 'follows.write', 'offline.access'];

/** Without these a connection cannot serve the Write API, so a narrower consent is refused. */
export const REQUIRED_SCOPES: readonly PlatformScope[] = ['tweet.write', 'like.write', 'follows.write'];
