import { describe, expect, it } from 'vitest';
import { answerItems } from '@/lib/platform/bluesky/upstream';
import { noteUpstreamRead, withUpstreamReport } from '@/lib/platform/upstream-cache';

// Bluesky's reads record the items the AppView returned (issue 31's upstream usage), as X's do:
// the length of the answer's list, whatever its lexicon names it, or one record.

describe('the items of a Bluesky answer', () => {
  it("counts the answer's list, by its lexicon's name", () => {
    expect(answerItems({ feed: [{}, {}, {}], cursor: 'c' })).toBe(3);
    expect(answerItems({ subject: { did: 'did:plc:a' }, followers: [{}, {}] })).toBe(2);
    expect(answerItems({ actors: [] })).toBe(0);
    expect(answerItems({ posts: [{}] })).toBe(1);
    expect(answerItems({ uri: 'at://x', likes: [{}, {}, {}, {}] })).toBe(4);
    expect(answerItems({ list: { name: 'l' }, items: [{}, {}] })).toBe(2);
  });

  it("is one record for a profile or a thread, whose own arrays (a profile's labels) are no items", () => {
    expect(answerItems({ did: 'did:plc:a', handle: 'a.test', labels: [{}, {}] })).toBe(1);
    expect(answerItems({ thread: { post: {} } })).toBe(1);
    expect(answerItems(undefined)).toBe(0);
  });

  it('a cached read counts no items: they cost nothing upstream', async () => {
    const { report } = await withUpstreamReport(async () => {
      noteUpstreamRead(false, answerItems({ feed: [{}, {}] }));
      noteUpstreamRead(true);
    });
    expect(report).toEqual({ reads: 2, cached: 1, items: 2 });
  });
});
