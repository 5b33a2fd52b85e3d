import type { RequestOptions } from './build-request';
import type { DataOf, MetaOf, PerchResult } from './operation-types';
import { paginate, type PageLimits, type Paginator } from './paginate';
import type { OperationId } from './routes';
import type { Envelope } from './send-request';

/** Who a follows monitor watches: accounts that start or stop following `username` (followers), those it starts or stops following (following), or both. */
export type FollowsDefinition = { username: string; direction?: 'followers' | 'following' | 'both' };
/** Which accounts' profiles a profile monitor watches (1..100). */
export type ProfileDefinition = { usernames: string[] };

type Only<K extends 'query' | 'accounts' | 'follows' | 'profile', V> = { [P in K]: V } & { [P in Exclude<'query' | 'accounts' | 'follows' | 'profile', K>]?: never };

/**
 * A rule's definition as POST /v2/rules takes it: a tag and exactly one of query (a search
 * query), accounts (everything those accounts post), follows (a follows monitor: follow.added and
 * follow.removed events) and profile (a profile monitor: profile.updated, .unavailable, .available).
 * interval_seconds only on X.
 */
export type RuleDefinition = { tag: string; interval_seconds?: number } & (
  | Only<'query', string>
  | Only<'accounts', string[]>
  | Only<'follows', FollowsDefinition>
  | Only<'profile', ProfileDefinition>
);

type RuleRecord = DataOf<'getRule'>;
type RuleKindFields = {
  query: { query: string; follows: null; profile: null };
  accounts: { query: null; follows: null; profile: null };
  follows: { query: null; follows: NonNullable<RuleRecord['follows']>; profile: null };
  profile: { query: null; follows: null; profile: NonNullable<RuleRecord['profile']> };
};
export type RuleType = keyof RuleKindFields;

/** A rule or monitor as the API answers it, discriminated by `type`: `if (rule.type === 'follows') rule.follows.direction`. */
export type Rule<T extends RuleType = RuleType> = { [K in T]: Omit<RuleRecord, 'type' | keyof RuleKindFields[K]> & { type: K } & RuleKindFields[K] }[T];

/** What a definition creates: a follows definition a follows rule, and so on. */
export type RuleOf<D extends RuleDefinition> = D extends { follows: object } ? Rule<'follows'> : D extends { profile: object } ? Rule<'profile'> : D extends { accounts: string[] } ? Rule<'accounts'> : D extends { query: string } ? Rule<'query'> : Rule;

/** A rule operation's answer, its rule typed. */
export type RuleResult<Id extends OperationId, R = Rule> = { data: R; meta: MetaOf<Id> };

/** How the rules facade reaches the API: Perch passes its own call. */
export type RulesTransport = {
  call(id: OperationId, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<Envelope>;
};

/**
 * `perch.rules`: the key's rules and account monitors with typed definitions and records
 * (the same operations as perch.createRule, perch.listRules…, which stay as they were).
 */
export class Rules {
  readonly #transport: RulesTransport;

  constructor(transport: RulesTransport) {
    this.#transport = transport;
  }

  async #call<R>(id: OperationId, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<R> {
    return (await this.#transport.call(id, pathValues, input, options)) as unknown as R;
  }

  /** Creates a rule or monitor: `perch.rules.create({ tag: 'brand', follows: { username: 'acme', direction: 'both' } })`. Free; each delivered event is charged. */
  create<D extends RuleDefinition>(definition: D, options: RequestOptions = {}): Promise<RuleResult<'createRule', RuleOf<D>>> {
    return this.#call('createRule', [], definition, options);
  }

  /** Checks a definition without saving it. */
  validate(definition: RuleDefinition, options: RequestOptions = {}): Promise<PerchResult<'validateRule'>> {
    return this.#call('validateRule', [], definition as Record<string, unknown>, options);
  }

  /** Replaces a rule's tag and definition (its type may change). */
  update<D extends RuleDefinition>(ruleId: string, definition: D, options: RequestOptions = {}): Promise<RuleResult<'updateRule', RuleOf<D>>> {
    return this.#call('updateRule', [ruleId], definition, options);
  }

  get(ruleId: string, options: RequestOptions = {}): Promise<RuleResult<'getRule'>> {
    return this.#call('getRule', [ruleId], undefined, options);
  }

  /** One page of the key's rules, oldest first. */
  list(query: { count?: number; cursor?: string } = {}, options: RequestOptions = {}): Promise<RuleResult<'listRules', Rule[]>> {
    return this.#call('listRules', [], query, options);
  }

  /** Every rule of the key, page after page. */
  listAll(query: { count?: number } = {}, limits: PageLimits & RequestOptions = {}): Paginator<Rule, RuleResult<'listRules', Rule[]>> {
    const { maxItems, maxPages, ...options } = limits;
    return paginate((cursor, count) => this.list({ ...query, cursor, count }, options), query, { maxItems, maxPages });
  }

  pause(ruleId: string, options: RequestOptions = {}): Promise<RuleResult<'pauseRule'>> {
    return this.#call('pauseRule', [ruleId], undefined, options);
  }

  resume(ruleId: string, options: RequestOptions = {}): Promise<RuleResult<'resumeRule'>> {
    return this.#call('resumeRule', [ruleId], undefined, options);
  }

  /** Deletes a rule and its events. */
  delete(ruleId: string, options: RequestOptions = {}): Promise<PerchResult<'deleteRule'>> {
    return this.#call('deleteRule', [ruleId], undefined, options);
  }
}
