import { getPriceBook } from '@/lib/prices/price-book-sync';
import type { PriceBook } from '@/lib/prices/price-book';
import type { Platform } from '@/lib/platform/platform';
import { toolsFor, type ToolDefinition } from './tool-catalog';

// The tool catalog a caller sees (tools/list, and the tool names prompts/list checks) is the same
// for every request with the same price book, platform, write scope or not, and workspace (whose
// prices may be its own terms): built once per process for each, instead of ~90 descriptions
// with prices and schemas per request. A reloaded price book is a new PriceBook, so a changed
// price drops the cache with it; a price scheduled to take effect later is seen within
// CATALOG_TTL_MS, the age after which an entry is built again.

export const CATALOG_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { tools: readonly ToolDefinition[]; names: ReadonlySet<string>; expiresAt: number };
const byBook = new WeakMap<PriceBook, WeakMap<Platform, Map<string, Entry>>>();

function entryFor(scopes: readonly string[], platform: Platform, workspaceId: string | null | undefined, now: number): Entry {
  const book = getPriceBook();
  let byPlatform = byBook.get(book);
  if (!byPlatform) byBook.set(book, (byPlatform = new WeakMap()));
  let entries = byPlatform.get(platform);
  if (!entries) byPlatform.set(platform, (entries = new Map()));
  // Scopes matter only as write or not (tool-catalog.ts, scopesAllow).
  const key = `${scopes.includes('write') ? 'write' : 'read'}|${workspaceId ?? ''}`;
  let entry = entries.get(key);
  if (!entry || entry.expiresAt <= now) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const tools = toolsFor(scopes, platform, (operation) => book.priceOf(operation, platform.name, workspaceId, now));
    entry = { tools, names: new Set(tools.map((tool) => tool.name)), expiresAt: now + CATALOG_TTL_MS };
    entries.set(key, entry);
  }
  return entry;
}

/** The tools a caller may call on a platform, at the caller's prices (shared: not to be changed). */
export function catalogFor(scopes: readonly string[], platform: Platform, workspaceId: string | null | undefined, now = Date.now()): readonly ToolDefinition[] {
  return entryFor(scopes, platform, workspaceId, now).tools;
}

/** Their names. */
export function catalogNames(scopes: readonly string[], platform: Platform, workspaceId: string | null | undefined, now = Date.now()): ReadonlySet<string> {
  return entryFor(scopes, platform, workspaceId, now).names;
}
