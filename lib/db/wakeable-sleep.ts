export type WakeableSleep = {
  /** Resolves after `ms`, or at once when woken. */
  sleep(ms: number): Promise<void>;
  /** Ends the sleep under way now (a loop being stopped); nothing when none is. */
  wake(): void;
};

/** A background loop's pause between passes or retries that its stop can cut short. */
export function wakeableSleep(): WakeableSleep {
  let wakeCurrent: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wakeCurrent = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wakeCurrent?.(),
  };
}
