import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { getRecentRequests } from '@/lib/dashboard/get-recent-requests';
import { getRequest } from '@/lib/dashboard/request-log';
import { tweetIdOfCall } from '@/lib/dashboard/tweet-of-call';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { flushMetering } from '@/lib/metering/meter';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { setUpWriter, type Writer } from '../support/api-writer';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 27, item 8: Overview's recent requests link to the request and to the tweet a call was
// about; the Rules page's live matches to the tweet and to the request that charged the delivery.

let writer: Writer;
let realtime: Realtime;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: ApiAccount;
const word = `links${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  writer = await setUpWriter('links');
  receiver = await startWebhookReceiver();
  realtime = await startRealtime();
  owner = await createApiAccount({ label: 'links', credits: 10_000 });
  const endpoint = await owner.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  receiver.setSecrets([endpoint.body.data.secret]);
  expect((await owner.call('POST', '/v2/rules', { body: { tag: 'links', query: word } })).status).toBe(200);
});

afterAll(async () => {
  await realtime?.stop();
  await receiver?.down();
});

describe('the tweet of a call', () => {
  it('is an id or a tweet URL’s id, nothing else', () => {
    expect(tweetIdOfCall('1234567890')).toBe('1234567890');
    expect(tweetIdOfCall('https://x.com/jack/status/20?s=1')).toBe('20');
    expect(tweetIdOfCall('jack')).toBeNull();
    expect(tweetIdOfCall(null)).toBeNull();
  });

  it('comes with Overview’s recent requests that name one', async () => {
    const posted = await writer.account.call('POST', '/v2/tweets/create', { body: { text: `a tweet to look up ${word}` } });
    const tweetId = posted.body.data.id as string;
    expect((await owner.call('GET', `/v2/tweets/${tweetId}`)).status).toBe(200);
    expect((await owner.call('GET', '/v2/account')).status).toBe(200);
    await flushMetering();
    const recent = await getRecentRequests(owner.userId);
    expect(recent.find((r) => r.operation === 'getTweet')).toMatchObject({ tweetId });
    expect(recent.find((r) => r.operation === 'getAccount')).toMatchObject({ tweetId: null });
  });
});

describe('a live match', () => {
  it('names the request that charged its delivery, found in the request log', async () => {
    const posted = await writer.account.call('POST', '/v2/tweets/create', { body: { text: `matching ${word}` } });
    const tweetId = posted.body.data.id as string;
    await waitFor(async () => (await getRecentMatches(owner.userId)).some((m) => m.tweetId === tweetId && m.requestId !== null), 15_000);
    const match = (await getRecentMatches(owner.userId)).find((m) => m.tweetId === tweetId)!;
    expect(match.requestId).toMatch(/^dlv_/);
    expect(await getRequest(owner.userId, match.requestId!)).toMatchObject({ operation: 'deliverMatch', credits: 15, status: 200 });
  });
});
