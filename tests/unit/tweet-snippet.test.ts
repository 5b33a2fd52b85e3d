import { expect, it } from 'vitest';
import { snippet } from '@/lib/platform/local/get-names';

it('labels a tweet by the start of its text on one line, cut at a word, never inside an emoji', () => {
  expect(snippet('short  and\nsweet')).toBe('short and sweet');
  const long = 'the quick brown fox jumps over the lazy dog and keeps on running far away';
  expect(snippet(long)).toBe('the quick brown fox jumps over the lazy dog and…');
  expect([...snippet('😀'.repeat(60))]).toHaveLength(49);
  expect(snippet('x'.repeat(100))).toBe(`${'x'.repeat(48)}…`);
});
