// The trace id of the call being answered, for the call log line. Without tracing there is
// none (undefined); the tracing setup makes this return the active span's trace id.

/** The active trace's id, or undefined when no trace is active (tracing off). */
export function currentTraceId(): string | undefined {
  return undefined;
}
