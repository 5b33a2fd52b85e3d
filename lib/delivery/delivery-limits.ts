import { numberSetting } from './number-setting';

/**
 * How the delivery workers are shared, read at use (tests change them): no endpoint and no
 * account can take every worker, so a slow, failing or flooded one delays only itself.
 */
export const DELIVERY_LIMITS = {
  /** Webhook attempts at once in this instance (graphile-worker's concurrency). */
  get workers() {
    return numberSetting('PERCH_WEBHOOK_CONCURRENCY', 10);
  },
  /** Attempts at once to one endpoint, across every instance. */
  get perEndpoint() {
    return numberSetting('PERCH_WEBHOOK_ENDPOINT_CONCURRENCY', 2);
  },
  /** Attempts at once for one account's endpoints in this instance: half the workers by default. */
  get perAccount() {
    return numberSetting('PERCH_WEBHOOK_ACCOUNT_CONCURRENCY', Math.max(1, Math.floor(this.workers / 2)));
  },
};
