import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@/lib/platform/errors';
import { X_QUERY_LIMIT, xAccountQueries, xRuleQuery } from '@/lib/rules/x-rule-query';
import { createSearchBudget } from '@/lib/rules/x-search-budget';

describe('xRuleQuery', () => {
  it('puts an OR in parentheses so the operators hold for all of it, as in Perch', () => {
    expect(xRuleQuery('cats OR dogs from:Alice lang:en').query).toBe('(cats OR dogs) from:alice lang:en -is:retweet');
  });

  it('keeps words, phrases, negations, tags and mentions, and negated operators', () => {
    expect(xRuleQuery('"big cats" -dogs #Birds @Bob -from:carol -#spam -lang:fr').query).toBe('"big cats" -dogs #birds @bob -from:carol -#spam -lang:fr -is:retweet');
  });

  it('searches a word with a colon as written rather than as one of X’s operators', () => {
    expect(xRuleQuery('has:media birds').query).toBe('"has:media" birds -is:retweet');
  });

  it('leaves since: and until: to Perch', () => {
    expect(xRuleQuery('birds since:2026-11-01 until:2026-12-01')).toEqual({ query: 'birds -is:retweet', since: '2026-11-01', until: '2026-12-01' });
  });

  it('refuses what X cannot run', () => {
    for (const query of ['lang:en', '-cats', '-from:bob -#spam', 'since:2026-11-01', 'x'.repeat(X_QUERY_LIMIT)]) {
      expect(() => xRuleQuery(query), query).toThrow(InvalidInputError);
    }
    expect(() => xRuleQuery('from:bob -cats')).not.toThrow();
  });
});

describe('xAccountQueries', () => {
  it('asks for accounts by id, split within X’s query limit', () => {
    expect(xAccountQueries(['1', '2'])).toEqual(['from:1 OR from:2']);
    const ids = Array.from({ length: 100 }, (_, i) => String(1_700_000_000_000_000_000n + BigInt(i)));
    const queries = xAccountQueries(ids);
    expect(queries.length).toBeGreaterThan(1);
    for (const query of queries) expect(query.length).toBeLessThanOrEqual(X_QUERY_LIMIT);
    expect(queries.join(' OR ')).toBe(ids.map((id) => `from:${id}`).join(' OR '));
  });
});

describe('createSearchBudget', () => {
  it('stretches every interval evenly only when the rules would exceed the budget', () => {
    const budget = createSearchBudget(450);
    expect(budget.stretch([60, 60])).toBe(1);
    // 30 rules every 10 s want 2,700 searches per 15 min: six times the budget.
    expect(budget.stretch(Array(30).fill(10))).toBe(6);
  });

  it('lets no request past the budget within the window', () => {
    const budget = createSearchBudget(2, 1000);
    budget.take(0);
    budget.take(100);
    expect(budget.nextSlot(200)).toBe(900_000);
    expect(budget.nextSlot(900_000)).toBe(900_000);
    budget.take(900_000);
    expect(budget.nextSlot(900_001)).toBe(900_100);
  });
});
