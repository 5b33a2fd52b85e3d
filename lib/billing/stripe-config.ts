// Stripe settings from the environment. Both keys set: users top up through Stripe
// Checkout; neither: credits come only from operators' grants. One alone is a mistake the
// server refuses to start with.

/** A credit pack users can buy: `credits` for `amount` in the currency's smallest unit (cents). */
export type CreditPack = { id: string; credits: number; amount: number };

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  packs: CreditPack[];
  /** Where the Stripe API is: its public host unless STRIPE_API_URL points at a proxy (or a test server). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
};

export class StripeConfigError extends Error {}

const DEFAULT_PACKS = '10000:1000,50000:4500,200000:16000';

/** `credits:amount,…` → packs, each checked. */
export function parseCreditPacks(text: string): CreditPack[] {
  const packs = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\d+):(\d+)$/.exec(entry);
      const credits = Number(match?.[1]);
      const amount = Number(match?.[2]);
      if (!match || !Number.isSafeInteger(credits) || credits < 1 || !Number.isSafeInteger(amount) || amount < 50) {
        throw new StripeConfigError(`PERCH_CREDIT_PACKS entries are credits:amount_in_cents with at least 1 credit and 50 cents, got "${entry}"`);
      }
      return { id: `pack_${credits}`, credits, amount };
    });
  if (packs.length === 0) throw new StripeConfigError('PERCH_CREDIT_PACKS names no pack');
  if (new Set(packs.map((pack) => pack.id)).size !== packs.length) throw new StripeConfigError('PERCH_CREDIT_PACKS lists one credit amount twice');
  return packs;
}

function apiLocation(raw: string | undefined): StripeConfig['api'] {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StripeConfigError(`STRIPE_API_URL must be a URL such as https://stripe-proxy.internal:8443, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StripeConfigError(`STRIPE_API_URL must be http or https, got "${raw}"`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The Stripe settings, or null when Stripe is not configured; throws StripeConfigError on a wrong one. */
export function readStripeConfig(env: Record<string, string | undefined> = process.env): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) throw new StripeConfigError('set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell credits through Stripe, or neither');
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) throw new StripeConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
  if (!webhookSecret.startsWith('whsec_')) throw new StripeConfigError('STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)');
  const currency = (env.STRIPE_CURRENCY?.trim() || 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new StripeConfigError(`STRIPE_CURRENCY must be a three-letter ISO currency code, got "${env.STRIPE_CURRENCY}"`);
  return { secretKey, webhookSecret, currency, packs: parseCreditPacks(env.PERCH_CREDIT_PACKS?.trim() || DEFAULT_PACKS), api: apiLocation(env.STRIPE_API_URL?.trim()) };
}
