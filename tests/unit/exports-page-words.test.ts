import { describe, expect, it } from 'vitest';
import { parseSseBlock } from '@/components/exports/export-events';
import { exportFormOperation, exportParams, parseLimit } from '@/lib/exports/export-form';
import { addSample, etaSeconds, itemsPerSecond } from '@/lib/exports/export-rate';
import { durationWords, endSentence, estimateSentence, pauseSentence } from '@/lib/exports/export-words';
import type { OperationView } from '@/lib/playground/types';

const followers: OperationView = {
  id: 'getUserFollowers',
  tag: 'Users',
  method: 'GET',
  path: '/v2/users/{username}/followers',
  summary: 'Followers',
  scope: 'read',
  cost: { per: 'item', unit: 'user', credits: 15 },
  maxCount: 100,
  fields: [
    { name: 'username', location: 'path', kind: 'string', required: true },
    { name: 'verified', location: 'query', kind: 'boolean', required: false, options: ['true', 'false'] },
    { name: 'count', location: 'query', kind: 'integer', required: false },
    { name: 'cursor', location: 'query', kind: 'string', required: false },
    { name: 'max_credits', location: 'query', kind: 'integer', required: false },
  ],
};

describe('the export form', () => {
  it('drops the fields of one page and sends the rest as typed params', () => {
    const operation = exportFormOperation(followers);
    expect(operation.fields.map((f) => f.name)).toEqual(['username', 'verified']);
    expect(exportParams(operation, { username: ' alice ', verified: 'true' })).toEqual({ username: 'alice', verified: true });
    expect(exportParams(operation, { username: 'alice', verified: '' })).toEqual({ username: 'alice' });
  });

  it('reads limits as whole numbers of at least 1, empty as none', () => {
    expect([parseLimit(''), parseLimit(' 25 '), parseLimit('0'), parseLimit('2.5'), parseLimit('x')]).toEqual([null, 25, undefined, undefined, undefined]);
  });
});

describe('the words of the Exports page', () => {
  it('says the estimate, or that the source does not tell its total', () => {
    expect(estimateSentence({ items: 48210, credits: 48210, basis: null, at_most: null })).toBe('About 48,210 items, 48,210 credits');
    expect(estimateSentence({ items: null, credits: null, basis: null, at_most: { items: 100, credits: 1500 } })).toBe('The source does not tell its total; at most 1,500 credits with your limits');
    expect(estimateSentence({ items: null, credits: null, basis: null, at_most: null })).toMatch(/^The source does not tell its total; no limit set/);
  });

  it('says why an export is paused and until when', () => {
    expect(pauseSentence({ status: 'paused', paused_reason: 'insufficient_credits', resume_at: null })).toBe('Paused: out of credits — it goes on by itself after a top-up');
    expect(pauseSentence({ status: 'paused', paused_reason: 'rate_limited', resume_at: '2026-11-27T12:04:30Z' })).toBe("Waiting for the upstream's rate limit until 12:04 UTC");
    expect(pauseSentence({ status: 'running', paused_reason: null, resume_at: null })).toBeNull();
    expect(endSentence({ status: 'completed', stop_reason: 'max_items', error: null })).toBe('Completed: stopped at max items');
    expect(endSentence({ status: 'failed', stop_reason: null, error: { code: 'upstream_error', message: 'gone' } })).toBe('Failed: gone');
  });

  it('measures the rate over the samples and the time left', () => {
    let samples = addSample([], { at: 0, items: 0 });
    expect(itemsPerSecond(samples)).toBeNull();
    samples = addSample(samples, { at: 2_000, items: 200 });
    samples = addSample(samples, { at: 4_000, items: 400 });
    expect(itemsPerSecond(samples)).toBe(100);
    expect(etaSeconds(400, 1400, 100)).toBe(10);
    expect(etaSeconds(400, null, 100)).toBeNull();
    // Samples older than the window are dropped: a stall shows as a falling rate.
    samples = addSample(samples, { at: 40_000, items: 400 });
    expect(itemsPerSecond(samples)).toBe(0);
    expect(durationWords(45)).toBe('45 s');
    expect(durationWords(7800)).toBe('2 h 10 min');
  });

  it('reads a Server-Sent Events block, comments aside', () => {
    expect(parseSseBlock(': heartbeat')).toBeNull();
    expect(parseSseBlock('event: progress\ndata: {"a":1}')).toEqual({ event: 'progress', data: '{"a":1}' });
  });
});
