import { COUNTRIES } from '@/lib/platform/countries';

// Rough shares of the platform's users by country (per mille): the big markets dominate,
// every country still has people.
const SHARE: Record<string, number> = {
  US: 200, JP: 110, IN: 60, GB: 50, BR: 50, ID: 40, TR: 35, MX: 30, SA: 30, ES: 30, FR: 25, PH: 20, TH: 20,
  DE: 18, KR: 15, CA: 15, AR: 15, CO: 12, NG: 12, EG: 10, IT: 10, AU: 10, PK: 10, MY: 8, RU: 8, NL: 7, CL: 7,
  PE: 6, VE: 6, AE: 6, KE: 6, ZA: 6, PL: 5, UA: 5, SE: 4, VN: 4, SG: 4, IE: 3, BE: 3, CH: 3, PT: 3, IL: 3,
  KW: 3, EC: 3, DO: 3, GH: 3, AT: 2, GR: 2, NO: 2, DK: 2, QA: 2, DZ: 2, GT: 2, NZ: 2,
};

/** Each country's share of users, in the order of COUNTRIES. */
export function countryWeights(): Float64Array {
  return Float64Array.from(COUNTRIES, (c) => SHARE[c.code] ?? 1.5);
}
