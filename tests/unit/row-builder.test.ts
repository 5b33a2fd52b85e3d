import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { compileRowBuilder, rowBuilderFor } from '@/lib/platform/local/row-builder';

const fields = (...names: string[]) => names.map((name) => ({ name }) as pg.FieldDef);

describe('row builder', () => {
  it('builds an object keyed by column name, in column order', () => {
    const { build } = compileRowBuilder(['id', 'username', 'followers_count']);
    const row = build(['1', 'jack', 12]);
    expect(row).toEqual({ id: '1', username: 'jack', followers_count: 12 });
    expect(Object.keys(row)).toEqual(['id', 'username', 'followers_count']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('keeps a repeated column at its first position with its last value, as pg does', () => {
    const row = compileRowBuilder(['id', 'name', 'id']).build(['1', 'a', '2']);
    expect(Object.keys(row)).toEqual(['id', 'name']);
    expect(row.id).toBe('2');
  });

  it('takes any column name as data: quotes, backslashes, code, __proto__', () => {
    const names = ['a"b', 'c\\d', '}; throw new Error("x"); ({', '__proto__', 'line\nbreak'];
    const row = compileRowBuilder(names).build([1, 2, 3, 4, 5]);
    expect(Object.keys(row)).toEqual(names);
    expect(Object.values(row)).toEqual([1, 2, 3, 4, 5]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('reuses a statement’s builder while its columns stay the same, and rebuilds when they change', () => {
    const text = `SELECT test ${Math.random()}`;
    const first = rowBuilderFor(text, fields('id', 'name'));
    expect(rowBuilderFor(text, fields('id', 'name'))).toBe(first);
    const changed = rowBuilderFor(text, fields('id', 'handle'));
    expect(changed).not.toBe(first);
    expect(changed.build(['1', 'jack'])).toEqual({ id: '1', handle: 'jack' });
  });
});
