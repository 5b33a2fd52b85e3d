import { createBlueskyPlatform } from './bluesky';
import { localPlatform } from './local';
import { createXPlatform } from './x';
import type { Platform, PlatformName } from './platform';
import { readPlatformConfig, type BlueskySettings, type PlatformConfig, type XSettings } from './platform-config';
import { getRedis } from '@/lib/ratelimit/redis-client';
import { createRedisUpstreamCache } from './redis-upstream-cache';
import { createUpstreamCache } from './upstream-cache';

/** The platforms a deployment serves: the default one and every one a request may pick. */
export type ServedPlatforms = {
  defaultPlatform: Platform;
  byName: ReadonlyMap<PlatformName, Platform>;
  /** Bluesky's settings when Bluesky is served (its event source reads them). */
  bluesky?: BlueskySettings;
  /** X's settings when X is served (its poller of recent search reads them). */
  x?: XSettings;
};

/** The served platforms for a configuration (each adapter built once), caching upstream reads in Redis when REDIS_URL is set, in memory otherwise. */
export function createServedPlatforms(config: PlatformConfig): ServedPlatforms {
  const redis = config.cacheTtlSeconds > 0 ? getRedis() : null;
  const cache =
    config.cacheTtlSeconds === 0
      ? null
      : redis
        ? createRedisUpstreamCache(redis, { ttlSeconds: config.cacheTtlSeconds })
        : createUpstreamCache({ ttlSeconds: config.cacheTtlSeconds });
  const byName = new Map<PlatformName, Platform>();
  for (const name of config.platforms) {
    if (name === 'local') byName.set(name, localPlatform);
    if (name === 'bluesky' && config.bluesky) byName.set(name, createBlueskyPlatform(config.bluesky, cache));
    if (name === 'x' && config.x) byName.set(name, createXPlatform(config.x, cache));
  }
  return {
    defaultPlatform: byName.get(config.defaultPlatform)!,
    byName,
    bluesky: byName.has('bluesky') ? config.bluesky! : undefined,
    x: byName.has('x') ? config.x! : undefined,
  };
}

let served: ServedPlatforms | null = null;

/** The process's served platforms, from the environment (checked at start-up by server.ts). */
export function getServedPlatforms(): ServedPlatforms {
  served ??= createServedPlatforms(readPlatformConfig());
  return served;
}

/** A served platform standing in for one created from the environment, for a whole process (tests). */
export function setServedPlatforms(platforms: ServedPlatforms | null): void {
  served = platforms;
}
