import type { Operation } from '@/lib/api/define-operation';
import type { Platform } from '@/lib/platform/platform';
import { callOperation, missingPathParams, type CallContext, type OperationAnswer } from './call-operation';
import { capForKey, type CreditCap } from './credit-cap';
import { toolInputOf } from './input-schema';
import { renderData, renderMeta } from './render-result';

// One tools/call: the arguments' max_credits lowered to the per-call cap, the /v2 call, and its
// answer as a tool result. Refusals (400, 402, 403, 404, 429, 503 …) are tool results with
// isError set and the API's message, so that the agent reads them and can act; a protocol error
// is kept for what no call was made for (an unknown tool).

export type ToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
};

export type ToolCallContext = CallContext & {
  /** Where the dashboard is, for the messages that send the person there. */
  dashboardOrigin: string;
};

function failure(text: string, structured?: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, ...(structured ? { structuredContent: structured } : {}) };
}

/** The cap's origin in words, for a refusal. */
function capWords(cap: CreditCap): string {
  return cap.source === 'key' ? "this key's MCP cap" : 'the default MCP cap (PERCH_MCP_MAX_CREDITS_PER_CALL)';
}

export async function callTool(operation: Operation, platform: Platform, rawArgs: Record<string, unknown> | undefined, context: ToolCallContext): Promise<ToolResult> {
  const args: Record<string, unknown> = { ...(rawArgs ?? {}) };
  const missing = missingPathParams(operation, platform, args);
  if (missing.length > 0) return failure(`Invalid arguments: ${missing.map((name) => `${name} is required`).join('; ')}.`);

  let cap: CreditCap | null = null;
  if (toolInputOf(operation, platform.syntax).takesMaxCredits) {
    cap = await capForKey(context.caller.keyId);
    const asked = args.max_credits;
    // A max_credits that is not a number is left as sent: /v2 answers it as the bad argument it is.
    if (asked === undefined || asked === null || (typeof asked === 'number' && asked > cap.credits)) args.max_credits = cap.credits;
    else cap = null; // the agent's own max_credits holds (or is the bad argument /v2 names)
  }
  const answer = await callOperation(operation, platform, args, context);
  return answer.ok ? success(answer) : refusal(answer, cap, context);
}

function success(answer: Extract<OperationAnswer, { ok: true }>): ToolResult {
  const { latency_ms: _latency, result_count: _count, has_next_page: _more, ...meta } = answer.meta;
  const notFound = Array.isArray(meta.not_found) && meta.not_found.length > 0 ? `\nNot found: ${meta.not_found.join(', ')}.` : '';
  return {
    content: [{ type: 'text', text: `${renderData(answer.data)}${notFound}\n${renderMeta(meta)}` }],
    structuredContent: { data: answer.data, meta },
  };
}

type Detail = { path?: string; message?: string };

function refusal(answer: Extract<OperationAnswer, { ok: false }>, cap: CreditCap | null, context: ToolCallContext): ToolResult {
  const { code, message, details } = answer.error;
  const structured = { error: answer.error, meta: answer.meta };
  const list = Array.isArray(details) ? (details as Detail[]) : [];
  const dashboard = context.dashboardOrigin;
  if (code === 'invalid_request') {
    const overCap = cap && list.find((detail) => detail.path === 'max_credits');
    if (overCap) {
      const needs = /at least (\d+)/.exec(overCap.message ?? '')?.[1];
      return failure(
        `Refused: this call needs ${needs ? `at least ${needs} credits` : 'more credits'}, above ${capWords(cap!)} of ${cap!.credits} credits per tool call. ` +
          `Ask for fewer items (count, fewer ids), or raise the key's MCP cap on ${dashboard}/dashboard/keys.`,
        structured,
      );
    }
    const fields = list.filter((detail) => detail.path).map((detail) => `${detail.path}: ${detail.message}`);
    return failure(`Invalid argument${fields.length > 1 ? 's' : ''}: ${fields.length > 0 ? fields.join('; ') : message}.`, structured);
  }
  if (code === 'insufficient_credits') {
    const { balance, required } = (details ?? {}) as { balance?: number; required?: number };
    return failure(
      `Not enough credits: the balance is ${balance ?? '?'} credits and this call needs ${required ?? '?'}. ` +
        `Top up on the dashboard's billing page (${dashboard}/dashboard/billing), or ask for fewer items, then call again.`,
      structured,
    );
  }
  if (code === 'key_limit_reached' || code === 'key_budget_reached' || code === 'workspace_budget_reached') {
    return failure(`Refused (${code}): ${message}. The key's limits and budgets are set on ${dashboard}/dashboard/keys and ${dashboard}/dashboard/billing.`, structured);
  }
  if (code === 'forbidden' && /write scope/.test(message)) {
    return failure(`Refused: ${message}. Create one on ${dashboard}/dashboard/keys and configure the MCP client with it.`, structured);
  }
  return failure(`Refused (${code}, HTTP ${answer.status}): ${message}`, structured);
}
