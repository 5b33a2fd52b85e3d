import { beforeAll, describe, expect, it } from 'vitest';
import { parseRuleQuery } from '@/lib/rules/parse-rule-query';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';

// Issue 27, item 7: the Rules page said "Valid query." for `"breaking news` (search forgives
// the missing closing quote). A rule is refused with the reason; search keeps forgiving, and a
// rule stored before still compiles.

let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'phrase', credits: 10_000 });
});

describe('a rule query with an unclosed phrase', () => {
  it('is refused by validate and create with the reason, and nothing is created', async () => {
    const check = await account.call('POST', '/v2/rules/validate', { body: { tag: 't', query: '#news "breaking news' } });
    expectError(check, 400, 'invalid_request');
    expect(check.body.error.message).toContain('the phrase "breaking news has no closing quote');
    const create = await account.call('POST', '/v2/rules', { body: { tag: 't', query: '-"breaking' } });
    expectError(create, 400, 'invalid_request');
    const list = await account.call('GET', '/v2/rules');
    expectSuccess(list);
    expect(list.body.data).toEqual([]);
  });

  it('is fine once closed, and a quote inside a word is no phrase', async () => {
    expectSuccess(await account.call('POST', '/v2/rules/validate', { body: { tag: 't', query: '#news "breaking news"' } }));
    expectSuccess(await account.call('POST', '/v2/rules/validate', { body: { tag: 't', query: 'rock"n"roll' } }));
  });

  it('still parses in search and in a rule stored before', async () => {
    expectSuccess(await account.call('POST', '/v2/search', { body: { query: '"breaking news' } }));
    expect(parseRuleQuery('"breaking news', 'local', { stored: true }).text).toBe('"breaking news"');
    expect(() => parseRuleQuery('"breaking news', 'local')).toThrow(/no closing quote/);
  });
});
