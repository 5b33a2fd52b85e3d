import { describe, expect, it } from 'vitest';
import { acceptsGzip, parseByteRange } from '@/lib/api/exports/byte-range';
import { exportDownloadName } from '@/lib/api/exports/download-name';
import { ExportRate, exportTarget } from '@/lib/exports/export-progress';
import type { ExportRecord } from '@/lib/exports/export-record';

describe('parseByteRange', () => {
  it('reads one range of the three forms within the size', () => {
    expect(parseByteRange(null, 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseByteRange('bytes=50-5000', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
    expect(parseByteRange(' Bytes = 3-3 ', 100)).toEqual({ kind: 'part', start: 3, end: 3 });
  });

  it('finds a range past the end unsatisfiable', () => {
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what is not one well-formed bytes range (the whole file is sent)', () => {
    for (const header of ['items=0-9', 'bytes=9-0', 'bytes=0-1,5-6', 'bytes=a-b', 'bytes=-', 'bytes=', 'bytes 0-9']) {
      expect(parseByteRange(header, 100), header).toEqual({ kind: 'whole' });
    }
  });
});

describe('acceptsGzip', () => {
  it('takes gzip when named or through * with a q above 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
  });
});

describe('exportDownloadName', () => {
  const row = (params: Record<string, unknown>, format: 'jsonl' | 'csv' = 'jsonl') => ({ id: '42', operation: 'getUserFollowers', format, params: { path: params, values: {} } });

  it('names the operation, the subject and the id', () => {
    expect(exportDownloadName(row({ username: 'alice' }))).toEqual({ filename: 'perch-getUserFollowers-alice-42.jsonl', contentDisposition: 'attachment; filename="perch-getUserFollowers-alice-42.jsonl"' });
    const search = exportDownloadName({ id: '7', operation: 'searchTweets', format: 'csv', params: { path: {}, values: { query: 'perch lang:en "x"' } } });
    expect(search.filename).toBe('perch-searchTweets-perch_lang_en_x-7.csv');
    expect(exportDownloadName({ id: '8', operation: 'searchTweets', format: 'csv', params: { path: {}, values: {} } }).filename).toBe('perch-searchTweets-8.csv');
  });

  it('keeps a non-ASCII subject in filename* and an ASCII form in filename', () => {
    const named = exportDownloadName(row({ username: 'zoë.bsky.social' }));
    expect(named.filename).toBe('perch-getUserFollowers-zoe.bsky.social-42.jsonl');
    expect(named.contentDisposition).toBe(`attachment; filename="perch-getUserFollowers-zoe.bsky.social-42.jsonl"; filename*=UTF-8''perch-getUserFollowers-zo%C3%AB.bsky.social-42.jsonl`);
    const cjk = exportDownloadName({ id: '9', operation: 'searchTweets', format: 'jsonl', params: { path: {}, values: { query: '東京 "quoted"' } } });
    expect(cjk.filename).toBe('perch-searchTweets-quoted-9.jsonl');
    expect(cjk.contentDisposition).not.toMatch(/[^\x20-\x7e]/);
    expect(decodeURIComponent(cjk.contentDisposition.split("UTF-8''")[1])).toBe('perch-searchTweets-東京 _quoted_-9.jsonl');
  });
});

describe('ExportRate', () => {
  const record = (over: Partial<ExportRecord>): ExportRecord =>
    ({
      id: '1', status: 'running', items: 0, estimate: { items: 1000, credits: 1000 }, max_items: null, max_credits: null, unit_price: 1,
      started_at: new Date(0).toISOString(), finished_at: null, ...over,
    }) as ExportRecord;

  it('measures items per second over its samples and the time left to the estimate', () => {
    const rate = new ExportRate();
    const t0 = 1_000_000;
    // One sample: the average since the start (100 items in 10 s).
    expect(rate.observe(record({ items: 100, started_at: new Date(t0 - 10_000).toISOString() }), t0)).toMatchObject({ items_per_second: 10, eta_seconds: 90 });
    // 200 more items in 2 s: 100 per second over the window, 700 left.
    expect(rate.observe(record({ items: 300, started_at: new Date(t0 - 10_000).toISOString() }), t0 + 2_000)).toMatchObject({ items_per_second: 100, eta_seconds: 7 });
  });

  it('says 0 and no ETA while paused, 0 left once completed, no ETA without a total', () => {
    const rate = new ExportRate();
    expect(rate.observe(record({ status: 'paused', items: 5 }), 5_000)).toMatchObject({ items_per_second: 0, eta_seconds: null });
    expect(rate.observe(record({ status: 'completed', items: 50, finished_at: new Date(10_000).toISOString() }), 20_000)).toMatchObject({ items_per_second: 5, eta_seconds: 0 });
    expect(new ExportRate().observe(record({ estimate: null, items: 10 }), 10_000)).toMatchObject({ items_per_second: 1, eta_seconds: null });
  });

  it('heads for max_items or what max_credits pays for when there is no estimate', () => {
    expect(exportTarget({ estimate: null, max_items: 50, max_credits: null, unit_price: 15 })).toBe(50);
    expect(exportTarget({ estimate: null, max_items: null, max_credits: 150, unit_price: 15 })).toBe(10);
    expect(exportTarget({ estimate: null, max_items: 5, max_credits: 150, unit_price: 15 })).toBe(5);
    expect(exportTarget({ estimate: null, max_items: null, max_credits: null, unit_price: 15 })).toBeNull();
  });
});
