import type { Platform } from '@/lib/platform/platform';
import { callOperation, type CallContext } from './call-operation';
import { platformHas, scopesAllow, TOOL_OPERATIONS, toolNameOf } from './tool-catalog';

// Resources: what an agent may want in context without calling a tool. Each is read through
// its /v2 operation (free ones), so it is the same data the API answers, recorded as an MCP call.
// Listed only where the registry has the operation and the caller may call it.

type ResourceSpec = { uri: string; name: string; title: string; description: string; operationId: string };

const RESOURCES: readonly ResourceSpec[] = [
  { uri: 'perch://account', name: 'account', title: 'Your Perch account', description: 'Balance, this key (name, scopes, limits), the connected platform account and the platforms served (GET /v2/account).', operationId: 'getAccount' },
  { uri: 'perch://rules', name: 'rules', title: 'Your rules', description: "This key's filter rules and account monitors, first page (GET /v2/rules; the list_rules tool pages).", operationId: 'listRules' },
  { uri: 'perch://exports', name: 'exports', title: 'Your exports', description: "The workspace's exports, newest first, first page (GET /v2/exports; the list_exports tool pages).", operationId: 'listExports' },
];

function available(spec: ResourceSpec, scopes: readonly string[], platform: Platform) {
  const operation = TOOL_OPERATIONS.get(toolNameOf(spec.operationId));
  return operation && scopesAllow(operation, scopes) && platformHas(platform, operation) ? operation : undefined;
}

export function resourcesFor(scopes: readonly string[], platform: Platform) {
  return RESOURCES.filter((spec) => available(spec, scopes, platform)).map(({ uri, name, title, description }) => ({ uri, name, title, description, mimeType: 'application/json' }));
}

/** A resource's contents, or null for a URI that is none of them; an API refusal is thrown with its message. */
export async function readResource(uri: string, platform: Platform, context: CallContext): Promise<{ uri: string; mimeType: string; text: string } | null> {
  const spec = RESOURCES.find((resource) => resource.uri === uri);
  const operation = spec && available(spec, context.caller.scopes, platform);
  if (!operation) return null;
  const answer = await callOperation(operation, platform, {}, context);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  const body = { data: answer.data, next_cursor: answer.meta.next_cursor ?? null };
  return { uri, mimeType: 'application/json', text: JSON.stringify(body, null, 2) };
}
