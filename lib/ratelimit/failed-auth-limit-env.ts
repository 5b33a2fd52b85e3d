/** Failed key authentications an address may make per minute before they answer 429. */
export const FAILED_AUTH_MAX_FAILURES = 20;

/** PERCH_FAILED_AUTH_LIMIT: failed authentications per address per minute; 0 turns the throttle off. */
export function failedAuthLimitFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PERCH_FAILED_AUTH_LIMIT;
  if (raw === undefined || raw.trim() === '') return FAILED_AUTH_MAX_FAILURES;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`PERCH_FAILED_AUTH_LIMIT must be a whole number of failures per minute (0: no limit), got "${raw}"`);
  return value;
}

