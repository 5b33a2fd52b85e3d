import { z } from 'zod';
import { PLATFORM_NAMES, type Platform } from '@/lib/platform/platform';
import { parseRuleQuery } from '@/lib/rules/parse-rule-query';
import { RULE_LIMITS } from '@/lib/rules/limits';
import { X_POLL_INTERVAL } from '@/lib/rules/x-poll-interval';
import { xRuleQuery } from '@/lib/rules/x-rule-query';
import * as store from '@/lib/rules/rule-store';
import type { Rule, RuleDefinition } from '@/lib/rules/rule-store';
import { auditChange } from '../audit-change';
import { COSTS, defineOperation, type Caller } from '../define-operation';
import { ApiError } from '../errors';
import { pageFields, perchIdField, usernameField } from '../inputs';

const RULES_NOTE =
  `Rules belong to the key that created them: its matches are delivered to the account’s webhook endpoints and to GET /v2/stream of that key. Managing rules is free; each delivered match costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform, charged once, on its first successful delivery. A rule watches the platform that served the request creating it (Perch-Platform header or the default): on Bluesky, the posts of the network’s event stream; on X, X’s recent search polled every interval_seconds (default ${X_POLL_INTERVAL.default}), slowed evenly for every rule when the deployment’s X search budget (PERCH_X_SEARCH_BUDGET_PER_15_MIN) would be exceeded.`;

const MONITORS_NOTE =
  'Monitors: a follows monitor sends follow.added and follow.removed, each costing what one follower item of getUserFollowers costs; a profile monitor sends profile.updated, profile.unavailable and profile.available, each costing what one getUser costs; each event is charged once, on its first delivery, and monitors pause for credits as rules do. The embedded platform and Bluesky push account changes as they happen; on X the monitored follower lists (ids) and profiles are polled every interval_seconds and compared with the previous poll (the first poll records a baseline and sends nothing), each poll charged what its X reads cost in the price list.';

export const RuleSchema = z.object({
  id: z.string(),
  tag: z.string(),
  type: z
    .enum(['query', 'accounts', 'follows', 'profile'])
    .describe('query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events)'),
  query: z.string().nullable(),
  accounts: z.array(z.string()).describe('Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule'),
  follows: z
    .object({ username: z.string(), direction: z.enum(['followers', 'following', 'both']) })
    .nullable()
    .describe('A follows monitor’s account and direction; null for other types'),
  profile: z.object({ usernames: z.array(z.string()) }).nullable().describe('A profile monitor’s accounts; null for other types'),
  platform: z
    .enum(PLATFORM_NAMES)
    .describe('The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default)'),
  status: z.enum(['active', 'paused']),
  paused_reason: z
    .enum(['paused_by_user', 'insufficient_credits', 'key_limit_reached'])
    .nullable()
    .describe('Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted'),
  interval_seconds: z.number().int().nullable().describe('X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come'),
  created_at: z.string(),
  updated_at: z.string(),
});

const queryField = z
  .string()
  .min(1)
  .max(RULE_LIMITS.queryLength, `must be at most ${RULE_LIMITS.queryLength} characters`)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
  .describe('Perch search syntax: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until: (on Bluesky, users are handles or DIDs)');

const definitionFields = {
  // Trimmed before its length is checked: the document's pattern says it must not be all blank.
  tag: z.string().trim().min(1).max(RULE_LIMITS.tagLength).describe('Your label for the rule, sent with every match').meta({ pattern: '\\S' }),
  query: queryField.optional(),
  accounts: z
    .array(usernameField)
    .min(1)
    .max(RULE_LIMITS.accountsPerRule, `must list at most ${RULE_LIMITS.accountsPerRule} accounts`)
    .optional()
    .describe('Usernames to monitor: their tweets, replies, quotes and retweets'),
  follows: z
    .object({
      // Not described here: a copy of the field would lose its mark as a username, which makes it Bluesky's or X's syntax per request.
      username: usernameField,
      direction: z
        .enum(['followers', 'following', 'both'])
        .default('followers')
        .describe('followers: accounts that start or stop following it; following: accounts it starts or stops following; both'),
    })
    .optional()
    .describe('A follows monitor: follow.added and follow.removed events, each with both users'),
  profile: z
    .object({
      usernames: z
        .array(usernameField)
        .min(1)
        .max(RULE_LIMITS.accountsPerRule, `must list at most ${RULE_LIMITS.accountsPerRule} accounts`)
        .describe('The accounts whose profiles are watched'),
    })
    .optional()
    .describe('A profile monitor: profile.updated (changed fields with old and new values; counts are not changes), profile.unavailable (suspended, deleted or turned protected) and profile.available events'),
  interval_seconds: z
    .number()
    .int()
    .min(X_POLL_INTERVAL.min)
    .max(X_POLL_INTERVAL.max)
    .optional()
    .describe(`Rules on X only: seconds between polls of X’s recent search for this rule (default ${X_POLL_INTERVAL.default}); every rule is slowed evenly when the deployment’s X search budget would be exceeded. Not accepted on other platforms, which push new tweets as they come`),
};

const DEFINITION_KINDS = ['query', 'accounts', 'follows', 'profile'] as const;
const only = (kind: (typeof DEFINITION_KINDS)[number]) => ({ required: [kind], not: { anyOf: DEFINITION_KINDS.filter((other) => other !== kind).map((other) => ({ required: [other] })) } });

// Exactly one of query, accounts, follows and profile (definitionOf checks it), said in the OpenAPI document by oneOf.
const definitionBody = z.object(definitionFields).meta({
  oneOf: [
    { title: 'query rule', ...only('query') },
    { title: 'account rule (their tweets)', ...only('accounts') },
    { title: 'follows monitor', ...only('follows') },
    { title: 'profile monitor', ...only('profile') },
  ],
});

const ruleParams = z.object({ ruleId: perchIdField });

/** Rules belong to a key; the dashboard's playground calls without one. */
function keyOf(caller: Caller): string {
  if (caller.keyId === null) throw new ApiError('invalid_request', 'rules belong to an API key: call with a key (Authorization: Bearer perch_…), or manage them on the dashboard’s Rules page');
  return caller.keyId;
}

/** What the audit log keeps of a rule: what it watches and its state. */
function ruleState(rule: Rule) {
  return { tag: rule.tag, type: rule.type, query: rule.query, accounts: rule.accounts, direction: rule.follows?.direction ?? null, platform: rule.platform, interval_seconds: rule.interval_seconds, status: rule.status };
}

const ruleTarget = (rule: Rule) => ({ kind: 'rule', id: rule.id, label: rule.tag });

function found(rule: Rule | null, ruleId: string): Rule {
  if (!rule) throw new ApiError('not_found', `rule ${ruleId} not found`);
  return rule;
}

/** A query's full-text part, or a clear 400 for a malformed query (the parser of POST /v2/search, with the platform's usernames) or one X cannot run. */
function checkedQuery(query: string, platform: Platform): string {
  const { text } = parseRuleQuery(query, platform.name);
  if (platform.name === 'x') xRuleQuery(query);
  return text;
}

/** X's poll interval of the rule: only rules on X are polled. */
function intervalOf(body: { interval_seconds?: number }, platform: Platform): number | null {
  if (platform.name === 'x') return body.interval_seconds ?? X_POLL_INTERVAL.default;
  if (body.interval_seconds === undefined) return null;
  const message = `interval_seconds applies to rules on X only: ${platform.name} pushes new tweets and account changes as they come`;
  throw new ApiError('invalid_request', message, [{ path: 'interval_seconds', message }]);
}

type DefinitionBody = { tag: string; query?: string; accounts?: string[]; follows?: { username: string; direction: 'followers' | 'following' | 'both' }; profile?: { usernames: string[] }; interval_seconds?: number };

/** The usernames resolved to the platform's users, in the order given, or a 400 naming the unknown ones under `path`. */
async function resolveAccounts(usernames: string[], platform: Platform, path: string): Promise<{ id: string; username: string }[]> {
  const unique = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const users = await platform.getUsersBatch(unique);
  if (users.not_found.length > 0) {
    throw new ApiError('invalid_request', `${path}: no such user: ${users.not_found.join(', ')}`, [{ path, message: `unknown: ${users.not_found.join(', ')}` }]);
  }
  return users.items.map((user) => ({ id: user.id, username: user.username }));
}

/** The definition in a create or update body: exactly one of query, accounts, follows and profile, checked and resolved. */
async function definitionOf(body: DefinitionBody, platform: Platform): Promise<{ definition: RuleDefinition; text: string }> {
  const given = DEFINITION_KINDS.filter((kind) => body[kind] !== undefined);
  if (given.length !== 1) {
    const message = 'give exactly one of query, accounts, follows and profile';
    throw new ApiError('invalid_request', message, [{ path: given[1] ?? 'query', message }]);
  }
  const base = { tag: body.tag, platform: platform.name, intervalSeconds: intervalOf(body, platform) };
  if (body.query !== undefined) return { definition: { ...base, kind: 'query', query: body.query }, text: checkedQuery(body.query, platform) };
  if (body.follows !== undefined) {
    const [account] = await resolveAccounts([body.follows.username], platform, 'follows.username');
    return { definition: { ...base, kind: 'follows', account, direction: body.follows.direction }, text: '' };
  }
  if (body.profile !== undefined) return { definition: { ...base, kind: 'profile', accounts: await resolveAccounts(body.profile.usernames, platform, 'profile.usernames') }, text: '' };
  return { definition: { ...base, kind: 'accounts', accounts: await resolveAccounts(body.accounts!, platform, 'accounts') }, text: '' };
}

export const createRule = defineOperation({
  id: 'createRule',
  tag: 'Rules',
  method: 'POST',
  path: '/v2/rules',
  summary: 'Create a filter rule, account rule, follows monitor or profile monitor',
  description: `${RULES_NOTE} ${MONITORS_NOTE} Give a tag and exactly one of query (1..${RULE_LIMITS.queryLength} characters), accounts (1..${RULE_LIMITS.accountsPerRule} usernames), follows ({username, direction}) and profile ({usernames}: 1..${RULE_LIMITS.accountsPerRule}). A key holds at most ${RULE_LIMITS.rulesPerKey} rules of all types together (PERCH_RULES_PER_KEY).`,
  scope: 'read',
  cost: COSTS.free,
  body: definitionBody,
  response: RuleSchema,
  handler: async ({ body, caller, platform, request }) => {
    const keyId = keyOf(caller);
    const { definition, text } = await definitionOf(body, platform);
    const rule = await store.createRule({ userId: caller.userId, keyId }, definition, text, RULE_LIMITS.rulesPerKey);
    if (!rule) throw new ApiError('invalid_request', `this key already has the most rules allowed (${RULE_LIMITS.rulesPerKey}): delete one first`, [{ path: 'body', message: 'rule limit reached' }]);
    await auditChange({ caller, request }, { action: 'rule.created', target: ruleTarget(rule), after: ruleState(rule) });
    return { data: rule };
  },
});

export const listRules = defineOperation({
  id: 'listRules',
  tag: 'Rules',
  method: 'GET',
  path: '/v2/rules',
  summary: 'List this key’s rules',
  description: `${RULES_NOTE} Oldest first; page with count and cursor.`,
  scope: 'read',
  cost: COSTS.free,
  query: z.object(pageFields()),
  response: z.array(RuleSchema),
  handler: async ({ query, caller, after }) => {
    const count = query.count ?? 20;
    const rules = await store.listRules(keyOf(caller), count + 1, (after as { id?: string } | null)?.id ?? null);
    const page = rules.slice(0, count);
    return { data: page, next: rules.length > count ? { id: page[page.length - 1].id } : undefined };
  },
});

export const getRule = defineOperation({
  id: 'getRule',
  tag: 'Rules',
  method: 'GET',
  path: '/v2/rules/{ruleId}',
  summary: 'Get one rule',
  scope: 'read',
  cost: COSTS.free,
  params: ruleParams,
  response: RuleSchema,
  handler: async ({ params, caller }) => ({ data: found(await store.getRule(keyOf(caller), params.ruleId), params.ruleId) }),
});

export const updateRule = defineOperation({
  id: 'updateRule',
  tag: 'Rules',
  method: 'POST',
  path: '/v2/rules/{ruleId}',
  summary: 'Replace a rule’s tag and definition',
  description: 'Takes the same body as createRule; the rule keeps its id, status and matches.',
  scope: 'read',
  cost: COSTS.free,
  params: ruleParams,
  body: definitionBody,
  response: RuleSchema,
  handler: async ({ params, body, caller, platform, request }) => {
    const keyId = keyOf(caller);
    const { definition, text } = await definitionOf(body, platform);
    const before = await store.getRule(keyId, params.ruleId);
    const rule = found(await store.updateRule(keyId, params.ruleId, definition, text), params.ruleId);
    await auditChange({ caller, request }, { action: 'rule.updated', target: ruleTarget(rule), before: before && ruleState(before), after: ruleState(rule) });
    return { data: rule };
  },
});

function statusOperation(id: 'pauseRule' | 'resumeRule', summary: string) {
  const pausing = id === 'pauseRule';
  return defineOperation({
    id,
    tag: 'Rules',
    method: 'POST',
    path: `/v2/rules/{ruleId}/${pausing ? 'pause' : 'resume'}`,
    summary,
    description: pausing ? 'A paused rule matches nothing until resumed.' : 'Resumes a paused rule, whatever paused it; with too few credits it pauses again at its next delivery.',
    scope: 'read',
    cost: COSTS.free,
    params: ruleParams,
    response: RuleSchema,
    handler: async ({ params, caller, request }) => {
      const keyId = keyOf(caller);
      const before = await store.getRule(keyId, params.ruleId);
      const rule = found(await store.setRuleStatus(keyId, params.ruleId, pausing ? 'paused_by_user' : null), params.ruleId);
      if (before?.status !== rule.status) {
        await auditChange({ caller, request }, { action: 'rule.updated', target: ruleTarget(rule), before: before && ruleState(before), after: ruleState(rule) });
      }
      return { data: rule };
    },
  });
}

export const pauseRule = statusOperation('pauseRule', 'Pause a rule');
export const resumeRule = statusOperation('resumeRule', 'Resume a rule');

export const deleteRule = defineOperation({
  id: 'deleteRule',
  tag: 'Rules',
  method: 'DELETE',
  path: '/v2/rules/{ruleId}',
  summary: 'Delete a rule and its matches',
  scope: 'read',
  cost: COSTS.free,
  params: ruleParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ params, caller, request }) => {
    const deleted = await store.deleteRule(keyOf(caller), params.ruleId);
    if (!deleted) throw new ApiError('not_found', `rule ${params.ruleId} not found`);
    await auditChange({ caller, request }, { action: 'rule.deleted', target: ruleTarget(deleted), before: ruleState(deleted) });
    return { data: { id: params.ruleId, deleted: true as const } };
  },
});

export const validateRule = defineOperation({
  id: 'validateRule',
  tag: 'Rules',
  method: 'POST',
  path: '/v2/rules/validate',
  summary: 'Check a rule without saving it',
  description: 'Answers 200 with valid: true, or the same 400 createRule would give.',
  scope: 'read',
  cost: COSTS.free,
  body: definitionBody,
  response: z.object({ valid: z.literal(true), type: z.enum(DEFINITION_KINDS) }),
  handler: async ({ body, platform }) => {
    const { definition } = await definitionOf(body, platform);
    return { data: { valid: true as const, type: definition.kind } };
  },
});

export const RULE_OPERATIONS = [
  createRule,
  listRules,
  validateRule,
  getRule,
  updateRule,
  pauseRule,
  resumeRule,
  deleteRule,
];
