import type { Platform } from '../platform';
import type { XSettings } from '../platform-config';
import { LOCAL_SYNTAX } from '../syntax';
import type { UpstreamCache } from '../upstream-cache';
import { xReads } from './reads';
import { createXUpstream } from './upstream';
import { xWrites } from './writes';

/** Perch's operations on X API v2: reads with the app's bearer token, writes with the connected account's OAuth 2.0 token. */
export function createXPlatform(settings: XSettings, cache: UpstreamCache | null): Platform {
  const upstream = createXUpstream(settings, cache);
  // X names users and posts as the embedded platform does: decimal ids, 15-character usernames.
  return { name: 'x', syntax: LOCAL_SYNTAX, ...xReads(upstream), ...xWrites(upstream) };
}
