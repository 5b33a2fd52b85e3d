import type { Operation, Tag } from '@/lib/api/define-operation';
import { priceWords } from '@/lib/api/openapi-prices';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import type { Platform } from '@/lib/platform/platform';
import type { Pricing } from '@/lib/prices/price-book';
import { toolInputOf, type ToolInput } from './input-schema';

// The MCP tools, generated from the operation registry (lib/api/registry.ts): one per
// operation the caller may call on the platform that serves the call. Nothing is listed by hand.
//
// Left out, because an MCP tool call is one request answered by one JSON result:
// - operations that answer a stream or a file instead of the JSON envelope (`mediaType` set):
//   GET /v2/stream (streamMatches, Server-Sent Events of rule matches, open for hours),
//   GET /v2/exports/{exportId}/events (exportEvents, Server-Sent Events of an export's progress)
//   and GET /v2/exports/{exportId}/download (downloadExport, the export's file). An agent follows
//   an export with get_export and reads matches through rules (perch://rules) or webhooks.

/** The tool name of an operation id: searchTweets → search_tweets, getUser → get_user. */
export function toolNameOf(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Whether an operation can be a tool at all: it answers the JSON envelope. */
export function isToolOperation(operation: Operation): boolean {
  return operation.mediaType === undefined;
}

/** Every operation that can be a tool, by tool name. */
export const TOOL_OPERATIONS: ReadonlyMap<string, Operation> = new Map(ROUTED_OPERATIONS.filter(isToolOperation).map((operation) => [toolNameOf(operation.id), operation]));

/**
 * Whether a key with these scopes may call the operation: the rule runOperation applies
 * (lib/api/run-operation.ts): operations of the write scope need it, every other is open to any key.
 */
export function scopesAllow(operation: Operation, scopes: readonly string[]): boolean {
  return operation.scope !== 'write' || scopes.includes('write');
}

/** Whether the platform has the operation (platform.lacks names those it has not). */
export function platformHas(platform: Platform, operation: Operation): boolean {
  return platform.lacks?.[operation.id] === undefined;
}

export type ToolAnnotations = { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };

// Annotation rules (MCP spec, ToolAnnotations), from what each operation does:
// - readOnlyHint: GETs, and the POSTs that only read (searches, batches, a rule's check, an
//   export's estimate), named get…/search…/list…/check…/estimate…/validate….
// - destructiveHint (for the others): every platform write (the write scope: a post, like,
//   follow… acts publicly as the user's account, so a client should ask first) and what
//   deletes, cancels, replaces or rotates Perch's own records; creating a rule, webhook or
//   export, pausing or resuming a rule and sending a test delivery only add or toggle: false.
// - idempotentHint: reads; writes whose repeat with the same arguments changes nothing more (a
//   like, retweet or follow already in place and their undoing are answered "unchanged" and
//   charged nothing; deletes, cancels, pauses, resumes and a rule's replacement). Posting,
//   creating, rotating, testing and replaying act again each time (an idempotency_key makes a
//   retry of a write safe all the same).
// - openWorldHint: the operation reaches a world outside Perch: a platform read or write when
//   the platform serving it is an upstream (X, Bluesky), not the embedded one (Perch's own
//   database); a webhook test or replay, which calls the user's endpoint. Account, usage,
//   rules, webhooks and exports bookkeeping stay inside Perch.
const READ_ONLY_POST = /^(get|search|list|check|estimate|validate)[A-Z]/;
const DESTRUCTIVE = /^(delete|cancel|update|rotate)[A-Z]/;
const IDEMPOTENT_WRITE = /^(like|unlike|retweet|unretweet|follow|unfollow|delete|cancel|pause|resume|update)[A-Z]/;
const PLATFORM_TAGS: ReadonlySet<Tag> = new Set<Tag>(['Search', 'Users', 'Tweets', 'Lists', 'Communities', 'Analytics', 'Interaction Check', 'Write API', 'Exports']);
const CALLS_OUT = new Set(['testWebhook', 'replayWebhookDelivery']);

export function annotationsOf(operation: Operation, platform: Platform): ToolAnnotations {
  const readOnly = operation.method === 'GET' || READ_ONLY_POST.test(operation.id);
  return {
    title: operation.summary,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (operation.scope === 'write' || DESTRUCTIVE.test(operation.id)),
    idempotentHint: readOnly || IDEMPOTENT_WRITE.test(operation.id),
    openWorldHint: CALLS_OUT.has(operation.id) || (platform.name !== 'local' && PLATFORM_TAGS.has(operation.tag)),
  };
}

/** Longest description kept from an operation's own (the rest is in /v2/openapi.json). */
const MAX_DESCRIPTION = 1500;

/** "Post a tweet. Costs 100 credits per call for you. …": the summary, this caller's price, the operation's notes. */
export function descriptionOf(operation: Operation, price: Pricing): string {
  const words = priceWords(price);
  const cost = words === 'free' ? 'Free.' : `Costs ${words}.`;
  const paid = words === 'free' ? '' : ' max_credits caps what one call may charge (a server-side cap per tool call applies too).';
  const notes = operation.description ? ` ${shortened(operation.description)}` : '';
  return `${operation.summary}. ${cost}${paid}${notes}`;
}

function shortened(text: string): string {
  if (text.length <= MAX_DESCRIPTION) return text;
  const cut = text.lastIndexOf('. ', MAX_DESCRIPTION);
  return `${text.slice(0, cut > 0 ? cut + 1 : MAX_DESCRIPTION)} (more in /v2/openapi.json)`;
}

export type ToolDefinition = {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolInput['schema'];
  annotations: ToolAnnotations;
};

/** The tools a caller may call on a platform, at the caller's prices, in the registry's order. */
export function toolsFor(scopes: readonly string[], platform: Platform, priceOf: (operation: Operation) => Pricing): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (const [name, operation] of TOOL_OPERATIONS) {
    if (!scopesAllow(operation, scopes) || !platformHas(platform, operation)) continue;
    tools.push({
      name,
      title: operation.summary,
      description: descriptionOf(operation, priceOf(operation)),
      inputSchema: toolInputOf(operation, platform.syntax).schema,
      annotations: annotationsOf(operation, platform),
    });
  }
  return tools;
}
