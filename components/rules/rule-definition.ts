/** What the rule form edits; `accounts` is the text as typed. */
export type RuleDraft = { tag: string; type: 'query' | 'accounts'; query: string; accounts: string };

/** Usernames from "@alice, bob carol": split on commas and spaces, without the @. */
export function parseAccounts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((name) => name.replace(/^@/, ''))
    .filter(Boolean);
}

/** The createRule / updateRule / validateRule body for a draft. */
export function ruleBody(draft: RuleDraft): { tag: string; query?: string; accounts?: string[] } {
  const tag = draft.tag.trim();
  return draft.type === 'query' ? { tag, query: draft.query } : { tag, accounts: parseAccounts(draft.accounts) };
}
