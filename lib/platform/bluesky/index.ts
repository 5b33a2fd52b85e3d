import type { Platform } from '../platform';
import type { BlueskySettings } from '../platform-config';
import { createUpstreamBudget, type UpstreamBudget } from '../upstream-budget';
import type { UpstreamCache } from '../upstream-cache';
import { BLUESKY_LACKS, blueskyReads } from './reads';
import { BLUESKY_SYNTAX } from './syntax';
import { createBlueskyUpstream } from './upstream';
import { blueskyWrites } from './writes';

/** Perch's operations on Bluesky: reads from an AppView, writes as records on the connected account's PDS. */
export function createBlueskyPlatform(
  settings: BlueskySettings,
  cache: UpstreamCache | null,
  budget: UpstreamBudget | null = settings.requestBudget ? createUpstreamBudget('bluesky', settings.requestBudget) : null,
): Platform {
  const upstream = createBlueskyUpstream(settings, cache, budget);
  return { name: 'bluesky', syntax: BLUESKY_SYNTAX, lacks: BLUESKY_LACKS, ...blueskyReads(upstream), ...blueskyWrites(upstream) };
}
