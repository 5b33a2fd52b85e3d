import type { Platform } from '../platform';
import type { XSettings } from '../platform-config';
import { LOCAL_SYNTAX } from '../syntax';
import { createUpstreamBudget, type UpstreamBudget } from '../upstream-budget';
import type { UpstreamCache } from '../upstream-cache';
import { X_LACKS, xReads } from './reads';
import { createXUpstream } from './upstream';
import { xWrites } from './writes';

const settingsOf = new WeakMap<Platform, XSettings>();

/** The settings an X platform was made with (its connected accounts refresh their tokens with them). */
export function xPlatformSettings(platform: Platform): XSettings | undefined {
  return settingsOf.get(platform);
}

/** Perch's operations on X API v2: reads with the app's bearer token, writes with the connected account's OAuth 2.0 token. */
export function createXPlatform(
  settings: XSettings,
  cache: UpstreamCache | null,
  budget: UpstreamBudget | null = settings.requestBudget ? createUpstreamBudget('x', settings.requestBudget) : null,
): Platform {
  const upstream = createXUpstream(settings, cache, budget);
  // X names users and posts as the embedded platform does: decimal ids, 15-character usernames.
  const platform: Platform = { name: 'x', syntax: LOCAL_SYNTAX, lacks: X_LACKS, ...xReads(upstream), ...xWrites(upstream) };
  settingsOf.set(platform, settings);
  return platform;
}
