import { describe, expect, it } from 'vitest';
import { MONITOR_EVENTS, ROUTABLE_EVENTS, type EventUser, type TypedEvent } from '@/lib/delivery/event-data';
import { discordMessage } from '@/lib/delivery/targets/discord-message';
import { emailDigest } from '@/lib/delivery/targets/email-digest';
import { plainText, profileUrlFromTweetUrl, readableEvent } from '@/lib/delivery/targets/readable-event';
import { slackMessage } from '@/lib/delivery/targets/slack-message';
import { WEBHOOK_EVENTS } from '@/lib/delivery/webhook-payload';

// The Slack, Discord and email renderings of every event type: readable lines with links, never
// raw JSON; names escaped so a tweet or a profile cannot forge a link, a mention or markup.

const at = '2026-12-01T10:00:00.000Z';
const base = { id: '4a7c0000-0000-4000-8000-000000000001', created_at: at, match: null };
const brand: EventUser = { id: '10', username: 'brand_co', name: 'Brand', profile_url: 'https://x.com/brand_co' };
const fan: EventUser = { id: '11', username: 'fan', name: null, profile_url: 'https://x.com/fan' };

const EXAMPLES: TypedEvent[] = [
  {
    ...base,
    event: 'rule.match',
    match: { id: '7', rule: { id: '3', tag: 'news' }, matched_at: at },
    tweet: { id: '99', url: 'https://x.com/fan/status/99', text: 'Hello <@everyone> *bold*', author: { username: 'fan' } } as never,
    data: null,
  },
  { ...base, event: 'test', tweet: null, data: null },
  { ...base, event: 'account.balance_low', tweet: null, data: { balance: 950, threshold: 1000 } },
  { ...base, event: 'budget.threshold', tweet: null, data: { scope: 'workspace', key_id: null, period: 'month', percent: 80, budget: 10000, spent: 8000, resets_at: '2027-01-01T00:00:00.000Z' } },
  { ...base, event: 'export.completed', tweet: null, data: { export: { id: 'exp_1', status: 'completed', operation: 'searchTweets', items: 1200, credits_charged: 1800, error: null } } as never },
  { ...base, event: 'export.failed', tweet: null, data: { export: { id: 'exp_2', status: 'failed', operation: 'searchTweets', items: 0, credits_charged: 0, error: { code: 'upstream', message: 'the source refused it' } } } as never },
  { ...base, event: 'follow.added', tweet: null, data: { monitor: { username: 'brand_co', direction: 'followers' }, follower: fan, followed: brand } },
  { ...base, event: 'follow.removed', tweet: null, data: { monitor: { username: 'brand_co', direction: 'followers' }, follower: fan, followed: brand } },
  { ...base, event: 'profile.updated', tweet: null, data: { user: brand, changes: [{ field: 'name', old: 'Brand', new: 'Brand Co' }, { field: 'verified', old: false, new: true }] } },
  { ...base, event: 'profile.unavailable', tweet: null, data: { user: brand, reason: 'suspended' } },
  { ...base, event: 'profile.available', tweet: null, data: { user: brand } },
];

describe('endpoint targets', () => {
  it('have an example for every event a webhook or a monitor sends', () => {
    expect(new Set(EXAMPLES.map((event) => event.event))).toEqual(new Set([...WEBHOOK_EVENTS, ...MONITOR_EVENTS]));
    expect(new Set(ROUTABLE_EVENTS)).toEqual(new Set([...WEBHOOK_EVENTS, ...MONITOR_EVENTS].filter((name) => name !== 'test')));
  });

  it('say each event in words, never as JSON', () => {
    for (const event of EXAMPLES) {
      const text = plainText(readableEvent(event));
      expect(text, event.event).not.toMatch(/[{}]|\[object|undefined|null/u);
      expect(slackMessage(event).text.length, event.event).toBeGreaterThan(10);
      expect(discordMessage(event).content, event.event).not.toMatch(/[{}]/u);
    }
  });

  it('write the monitor events as readable lines with profile links', () => {
    const lines = Object.fromEntries(EXAMPLES.map((event) => [event.event, plainText(readableEvent(event))]));
    expect(lines['follow.added']).toBe('@fan followed @brand_co');
    expect(lines['follow.removed']).toBe('@fan unfollowed @brand_co');
    expect(lines['profile.updated']).toBe('@brand_co changed 2 profile fields\nname: "Brand" → "Brand Co"\nverified: no → yes');
    expect(lines['profile.unavailable']).toBe('@brand_co is unavailable (suspended).');
    expect(lines['profile.available']).toBe('@brand_co is available again.');
    expect(lines['budget.threshold']).toBe('The workspace’s monthly budget is 80% spent: 8,000 of 10,000 credits (resets 2027-01-01 00:00 UTC).');
    expect(lines['export.failed']).toBe('Export exp_2 (searchTweets) failed: the source refused it.');
    const follow = EXAMPLES.find((event) => event.event === 'follow.added')!;
    expect(slackMessage(follow).text).toBe('<https://x.com/fan|*@fan*> followed <https://x.com/brand_co|*@brand_co*>');
    expect(discordMessage(follow).content).toBe('[**@fan**](<https://x.com/fan>) followed [**@brand\\_co**](<https://x.com/brand_co>)');
  });

  it('escape what a tweet says: no mention, link or markup is formed', () => {
    const match = EXAMPLES[0];
    expect(slackMessage(match).blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: 'Rule *news* matched a tweet by <https://x.com/fan|*@fan*>\n>Hello &lt;@everyone&gt; *bold*\n<https://x.com/fan/status/99|Open the tweet>' },
    });
    expect(discordMessage(match).embeds[0].description).toBe('> Hello \\<@everyone\\> \\*bold\\*\n[Open the tweet](<https://x.com/fan/status/99>)');
    expect(discordMessage(match).allowed_mentions).toEqual({ parse: [] });
  });

  it('find a profile from a tweet link on each platform', () => {
    expect(profileUrlFromTweetUrl('https://x.com/fan/status/99')).toBe('https://x.com/fan');
    expect(profileUrlFromTweetUrl('https://perch.local/fan_1/status/99')).toBe('https://perch.local/fan_1');
    expect(profileUrlFromTweetUrl('https://bsky.app/profile/fan.bsky.social/post/3k2a')).toBe('https://bsky.app/profile/fan.bsky.social');
    expect(profileUrlFromTweetUrl('not a url')).toBeNull();
  });

  it('mail a digest listing every event, oldest first', () => {
    const mail = emailDigest('a@example.com', EXAMPLES.slice(2, 4), new Date('2026-12-01T09:45:00.000Z'));
    expect(mail).toEqual({
      to: 'a@example.com',
      subject: 'Perch: 2 events',
      text: [
        '2 events since 2026-12-01 09:45:00 UTC:',
        '— 2026-12-01 10:00:00 UTC · account.balance_low\nYour Perch balance is low: 950 credits left (alert threshold 1,000).',
        '— 2026-12-01 10:00:00 UTC · budget.threshold\nThe workspace’s monthly budget is 80% spent: 8,000 of 10,000 credits (resets 2027-01-01 00:00 UTC).',
        'You receive this because an email endpoint of your Perch workspace sends here. Change or delete it on the Rules page of the dashboard.',
      ].join('\n\n'),
    });
  });
});
