import type { Platform } from '@/lib/platform/platform';
import type { ExportInputs } from '@/lib/exports/export-store';
import type { Caller, Operation, ServedPlatformNames } from '../define-operation';
import type { ApiRequest } from '../api-request';
import { connectedAccountOn } from '../run-operation';
import { withOperationTimeout } from '../operation-timeout';

export type ExportPage = { records: unknown[]; next: unknown };

// Handlers of read operations take nothing from the request itself; this one stands for the
// job that asked, with no body, and is never aborted.
const JOB_REQUEST: ApiRequest = {
  method: 'GET',
  url: 'http://export.invalid/',
  headers: { get: () => null, has: () => false },
  body: null,
  signal: new AbortController().signal,
};

export type PageCall = {
  operation: Operation;
  inputs: ExportInputs;
  platform: Platform;
  served: ServedPlatformNames;
  caller: Caller;
  requestId: string;
  /** Items this page may return. */
  limit: number;
  /** The keyset position after the last committed page; null for the first. */
  after: unknown;
  timeoutMs: number;
};

/**
 * Reads one page of an export through the operation's own handler, exactly as a `/v2` call
 * with the same inputs, count and cursor would: the same platform code, viewer fields and records.
 */
export async function readExportPage(call: PageCall): Promise<ExportPage> {
  const values = call.inputs.values;
  const context: Parameters<Operation['handler']>[0] = {
    params: call.inputs.path,
    query: call.operation.body ? {} : values,
    body: call.operation.body ? values : {},
    limit: call.limit,
    after: call.after,
    caller: call.caller,
    requestId: call.requestId,
    request: JOB_REQUEST,
    platform: call.platform,
    served: call.served,
    connectedAccount: () => connectedAccountOn(call.platform, call.caller.userId),
  };
  const result = await withOperationTimeout(call.timeoutMs, () => call.operation.handler(context));
  return { records: Array.isArray(result.data) ? result.data : [], next: result.next ?? null };
}
