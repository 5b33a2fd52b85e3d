/** Limits on a key's rules; the defaults hold 1,000 active rules on one key (the benchmark). */
export const RULE_LIMITS = {
  rulesPerKey: Number(process.env.PERCH_RULES_PER_KEY ?? 1000),
  queryLength: 512,
  accountsPerRule: 100,
  tagLength: 64,
} as const;
