import { numberSetting } from './number-setting';

/** When a failed delivery is tried again: exponential backoff, for about a day, then failed. Read at use, so tests can shorten it. */
export const RETRY_POLICY = {
  /** First retry after this; each next one waits twice as long, up to maxDelayMs. */
  get baseDelayMs() {
    return numberSetting('PERCH_WEBHOOK_RETRY_BASE_MS', 30_000);
  },
  get maxDelayMs() {
    return numberSetting('PERCH_WEBHOOK_RETRY_MAX_MS', 3_600_000);
  },
  /** A delivery still failing this long after it was created is kept as failed. */
  get windowMs() {
    return numberSetting('PERCH_WEBHOOK_RETRY_WINDOW_MS', 86_400_000);
  },
  /** One attempt's time limit (connect, send, answer). */
  get timeoutMs() {
    return numberSetting('PERCH_WEBHOOK_TIMEOUT_MS', 10_000);
  },
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones; null once the window is spent. */
export function nextRetryDelay(attempts: number, firstAttemptAt: Date, now = new Date()): number | null {
  const delay = Math.min(RETRY_POLICY.baseDelayMs * 2 ** Math.max(0, attempts - 1), RETRY_POLICY.maxDelayMs);
  return now.getTime() + delay - firstAttemptAt.getTime() > RETRY_POLICY.windowMs ? null : delay;
}
