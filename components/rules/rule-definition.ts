import type { FollowDirection, RuleKind } from '@/lib/rules/rule-store';

/** The three families the Monitors page groups rules in: tweet rules (query, accounts), follows and profile monitors. */
export type MonitorFamily = 'tweets' | 'follows' | 'profiles';

export function familyOf(kind: RuleKind): MonitorFamily {
  return kind === 'follows' ? 'follows' : kind === 'profile' ? 'profiles' : 'tweets';
}

/** What the monitor form edits: the text of each kind's definition as typed (kept when switching kinds). */
export type RuleDraft = { tag: string; type: RuleKind; query: string; accounts: string; username: string; direction: FollowDirection; usernames: string };

export const EMPTY_DRAFT: RuleDraft = { tag: '', type: 'query', query: '', accounts: '', username: '', direction: 'followers', usernames: '' };

/** Most usernames a profile monitor (or an accounts rule) takes: the API's RULE_LIMITS.accountsPerRule. */
export const MAX_USERNAMES = 100;

/** Usernames from "@alice, bob carol": split on commas and spaces, without the @. */
export function parseAccounts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((name) => name.replace(/^@/, ''))
    .filter(Boolean);
}

/** The text of the draft's own kind: what is checked as it is typed and must not be empty. */
export function definitionText(draft: RuleDraft): string {
  return { query: draft.query, accounts: draft.accounts, follows: draft.username, profile: draft.usernames }[draft.type];
}

export type RuleBody = { tag: string; query?: string; accounts?: string[]; follows?: { username: string; direction: FollowDirection }; profile?: { usernames: string[] } };

/** The createRule / updateRule / validateRule body for a draft. */
export function ruleBody(draft: RuleDraft): RuleBody {
  const tag = draft.tag.trim();
  switch (draft.type) {
    case 'query':
      return { tag, query: draft.query };
    case 'accounts':
      return { tag, accounts: parseAccounts(draft.accounts) };
    case 'follows':
      return { tag, follows: { username: draft.username.trim().replace(/^@/, ''), direction: draft.direction } };
    case 'profile':
      return { tag, profile: { usernames: parseAccounts(draft.usernames) } };
  }
}
