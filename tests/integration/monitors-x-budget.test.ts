import { describe, expect, it } from 'vitest';
import { createSearchBudget } from '@/lib/rules/x-search-budget';

// The X monitor source and the tweet rules' X source spend from one request budget (issue 32):
// no request of either goes beyond it within the window, and both stretch their intervals by
// the same factor when together they would ask for more. Budgets of a setting no other test
// uses, so that this file's requests are its own.

describe('the X request budget shared by tweet rules and monitors', () => {
  it('lets no request of either poller past the budget within the window', () => {
    const tweets = createSearchBudget(3, 997);
    const monitors = createSearchBudget(3, 997, 'monitors');
    tweets.take(0);
    monitors.take(10);
    expect(tweets.nextSlot(15)).toBe(15);
    tweets.take(20);
    // Three requests made, by either: both wait for the oldest to leave the window.
    expect(monitors.nextSlot(30)).toBe(900 * 997);
    expect(tweets.nextSlot(30)).toBe(900 * 997);
    expect(monitors.nextSlot(900 * 997 + 10)).toBe(900 * 997 + 10);
  });

  it('stretches every interval by everyone’s demand, each poller counted once', () => {
    const tweets = createSearchBudget(30, 991);
    const monitors = createSearchBudget(30, 991, 'monitors');
    // Tweet rules alone: 10 queries every 60 s want 150 searches per 15 min, five times the budget.
    expect(tweets.stretch(Array(10).fill(60))).toBe(5);
    // Monitors: 2 every 60 s, one of which makes 2 requests a poll: 45 more.
    expect(monitors.stretch([60, 60], [2, 1])).toBe(6.5);
    expect(tweets.currentStretch()).toBe(6.5);
    // A poller started again (a new leader term) takes its own place, not a second one.
    expect(createSearchBudget(30, 991).stretch([])).toBe(1.5);
    expect(monitors.stretch([])).toBe(1);
  });
});
