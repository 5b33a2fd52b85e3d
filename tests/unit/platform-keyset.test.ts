import { describe, expect, it } from 'vitest';
import { InvalidCursorError, InvalidInputError, NotFoundError } from '@/lib/platform/errors';
import { storableId, usernameKey } from '@/lib/platform/local/ids';
import { afterCondition, cutPage, readPosition, type KeysetOrder } from '@/lib/platform/local/keyset';
import { tweetOrder, userOrder } from '@/lib/platform/local/sorts';
import { SqlParams } from '@/lib/platform/local/sql-params';

const popular = tweetOrder('popular');

describe('readPosition', () => {
  it('accepts what the order issued', () => {
    expect(readPosition(popular, { k: [12, '1700000000000000000'] })).toEqual([12, '1700000000000000000']);
    expect(readPosition(userOrder('name', tweetOrder('latest')), { k: ['émile', '5'] })).toEqual(['émile', '5']);
  });

  it.each([
    ['null k', { k: null }],
    ['not an object', 'abc'],
    ['an array', [1, '2']],
    ['wrong length', { k: ['1'] }],
    ['extra keys', { k: [1, '2'], x: 1 }],
    ['id as number', { k: [1, 2] }],
    ['id not digits', { k: [1, '12a'] }],
    ['id beyond bigint', { k: [1, '9223372036854775808'] }],
    ['count as string', { k: ['1', '2'] }],
    ['count fraction', { k: [1.5, '2'] }],
    ['count beyond int', { k: [2 ** 31, '2'] }],
  ])('rejects %s with InvalidCursorError', (_, after) => {
    expect(() => readPosition(popular, after)).toThrow(InvalidCursorError);
  });
});

describe('afterCondition', () => {
  it('is a row comparison with typed placeholders, in the order\'s direction', () => {
    const params = new SqlParams();
    params.add('x');
    expect(afterCondition(popular, { k: [3, '9'] }, params)).toBe('(t.like_count, t.id) < ($2::int, $3::bigint)');
    expect(params.values).toEqual(['x', 3, '9']);
    expect(afterCondition(userOrder('name', popular), { k: ['a', '1'] }, new SqlParams())).toBe('(lower(u.name), u.id) > ($1::text, $2::bigint)');
  });

  it('is null on a first page', () => {
    expect(afterCondition(popular, null, new SqlParams())).toBeNull();
    expect(afterCondition(popular, undefined, new SqlParams())).toBeNull();
  });
});

describe('cutPage', () => {
  const order: KeysetOrder = popular;
  const rows = [
    { k0: 5, k1: '30' },
    { k0: 5, k1: '20' },
    { k0: 1, k1: '10' },
  ];

  it('keeps size rows and points next at the last kept one when an extra row proves more', () => {
    expect(cutPage(rows, 2, order)).toEqual({ rows: rows.slice(0, 2), next: { k: [5, '20'] } });
  });

  it('has no next when nothing more came back', () => {
    expect(cutPage(rows, 3, order).next).toBeNull();
    expect(cutPage([], 3, order)).toEqual({ rows: [], next: null });
  });
});

describe('sorts', () => {
  it('reject unknown sorts', () => {
    expect(() => tweetOrder('oldest' as never)).toThrow(InvalidInputError);
    expect(() => userOrder('random' as never, popular)).toThrow(InvalidInputError);
  });
});

describe('ids and usernames', () => {
  it('canonicalise storable ids and refuse the rest', () => {
    expect(storableId('0123')).toBe('123');
    expect(storableId('9223372036854775807')).toBe('9223372036854775807');
    expect(storableId('9223372036854775808')).toBeNull();
    expect(storableId('-1')).toBeNull();
    expect(storableId('')).toBeNull();
  });

  it('key usernames without @ in lower case', () => {
    expect(usernameKey('@Alice_1')).toBe('alice_1');
    expect(usernameKey('al ice')).toBeNull();
    expect(usernameKey('@@alice')).toBeNull();
  });
});

describe('NotFoundError', () => {
  it('takes a kind or a message that starts with one', () => {
    expect(new NotFoundError('list')).toMatchObject({ kind: 'list', message: 'list not found' });
    expect(new NotFoundError('tweet 12 not found')).toMatchObject({ kind: 'tweet', message: 'tweet 12 not found' });
  });
});
