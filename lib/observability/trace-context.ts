import { activeTraceId } from './spans';

// The trace id of the call being answered, for the call log line: whoever finds the line finds
// the trace. Without tracing there is none (undefined); with it, the active span's trace id
// (the /v2 call's span is active while its call-end listeners run, see lib/api/dispatch.ts).

/** The active trace's id, or undefined when no trace is active (tracing off). */
export function currentTraceId(): string | undefined {
  return activeTraceId();
}
