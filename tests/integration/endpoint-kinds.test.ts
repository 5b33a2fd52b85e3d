import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { checkLowBalances } from '@/lib/alerts/balance-low-events';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { wakeEndpointSql } from '@/lib/delivery/wake-endpoint';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { setUpWriter, type Writer } from '../support/api-writer';
import { startMessageReceiver } from '../support/message-receiver';
import { mailsTo } from '../support/outbox';

// Slack, Discord and email endpoints (issue 32, part B) end to end: rules match tweets written
// through /v2, two realtime instances deliver, loopback receivers stand in for Slack and Discord
// and read the exact messages; the email digest is read from the outbox (no SMTP in tests).
// vitest.config.ts sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (loopback receivers); the URL tests unset
// it where production's rules are what they check.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_MAX_MS = '1000';

const ALLOW = 'PERCH_WEBHOOK_ALLOW_PRIVATE';
let instances: Realtime[] = [];
let slack: Awaited<ReturnType<typeof startMessageReceiver>>;
let discord: Awaited<ReturnType<typeof startMessageReceiver>>;

beforeAll(async () => {
  slack = await startMessageReceiver();
  discord = await startMessageReceiver();
  instances = [await startRealtime(), await startRealtime()];
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await slack?.close();
  await discord?.close();
});

afterEach(() => {
  process.env[ALLOW] = '1';
});

async function deliveries(endpointId: string) {
  const { rows } = await getPool().query<{ id: string; event: string; status: string; attempts: number; next_attempt_at: Date | null; last_status_code: number | null }>(
    'SELECT id::text, event, status, attempts, next_attempt_at, last_status_code FROM realtime_deliveries WHERE endpoint_id = $1::bigint ORDER BY created_at, id',
    [endpointId],
  );
  return rows;
}

async function addEndpoint(account: ApiAccount, body: Record<string, unknown>): Promise<{ id: string; type: string; url: string; email: string | null; digest_minutes: number | null; events: string[] | null }> {
  const answer = await account.call('POST', '/v2/webhooks', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function post(writer: Writer, text: string): Promise<string> {
  const answer = await writer.account.call('POST', '/v2/tweets/create', { body: { text } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u;

describe('Slack and Discord endpoints', () => {
  let writer: Writer;
  const word = `heron${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    writer = await setUpWriter('kinds-chat');
  });

  it('are created with their type and event filter, and listed with them', async () => {
    const account = await createApiAccount({ label: 'kinds-list' });
    const created = await addEndpoint(account, { type: 'slack', url: slack.url, events: ['rule.match', 'follow.added', 'rule.match'] });
    expect(created).toMatchObject({ type: 'slack', url: slack.url, email: null, digest_minutes: null, events: ['rule.match', 'follow.added'] });
    const plain = await addEndpoint(account, { url: slack.url });
    expect(plain).toMatchObject({ type: 'webhook', events: null });
    const listed = (await account.call('GET', '/v2/webhooks')).body.data as Array<{ id: string; type: string; events: string[] | null }>;
    expect(listed.map(({ id, type, events }) => ({ id, type, events }))).toEqual([
      { id: created.id, type: 'slack', events: ['rule.match', 'follow.added'] },
      { id: plain.id, type: 'webhook', events: null },
    ]);
    const bad = await account.call('POST', '/v2/webhooks', { body: { type: 'slack', url: slack.url, events: ['rule.match', 'tweet.liked'] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('events');
    expect((await account.call('POST', '/v2/webhooks', { body: { type: 'discord' } })).status).toBe(400);
    expect((await account.call('POST', '/v2/webhooks', { body: { type: 'slack', url: slack.url, digest_minutes: 5 } })).status).toBe(400);
  });

  it('get a readable message for a rule match, retried after a failed first attempt', async () => {
    const slackEndpoint = await addEndpoint(writer.account, { type: 'slack', url: slack.url });
    const discordEndpoint = await addEndpoint(writer.account, { type: 'discord', url: discord.url.replace('/services/T000/B000/secret', '/api/webhooks/1/token') });
    const rule = await writer.account.call('POST', '/v2/rules', { body: { tag: 'launch', query: word } });
    expect(rule.status).toBe(200);
    slack.failNext(1);
    const tweetId = await post(writer, `I <3 ${word} & more`);

    await waitFor(() => slack.accepted().length === 1 && discord.accepted().length === 1, 20_000);
    const user = writer.me.username;
    const profile = `https://perch.local/${user}`;
    const tweetUrl = `${profile}/status/${tweetId}`;

    // Slack: the first attempt got a 500, the retry the same message.
    expect(slack.received.map((message) => message.status)).toEqual([500, 200]);
    expect(slack.received[1].body).toEqual(slack.received[0].body);
    const headline = `Rule *launch* matched a tweet by <${profile}|*@${user}*>`;
    expect(slack.accepted()[0].body).toEqual({
      text: headline,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `${headline}\n>I &lt;3 ${word} &amp; more\n<${tweetUrl}|Open the tweet>` } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: expect.stringMatching(/^Perch · rule\.match · \d{4}-\d{2}-\d{2}T/u) }] },
      ],
      unfurl_links: false,
    });
    expect(slack.accepted()[0].headers['perch-event']).toBe('rule.match');
    expect(slack.accepted()[0].headers['perch-signature']).toBeUndefined();
    await waitFor(async () => (await deliveries(slackEndpoint.id))[0].status === 'delivered', 10_000);
    const [slackDelivery] = await deliveries(slackEndpoint.id);
    expect(slackDelivery).toMatchObject({ event: 'rule.match', status: 'delivered', attempts: 2, last_status_code: 200 });

    const shownUser = user.replaceAll('_', '\\_');
    expect(discord.accepted()[0].body).toEqual({
      content: `Rule **launch** matched a tweet by [**@${shownUser}**](<${profile}>)`,
      embeds: [{ description: `> I \\<3 ${word} & more\n[Open the tweet](<${tweetUrl}>)`, url: tweetUrl, footer: { text: 'Perch · rule.match' }, timestamp: expect.stringMatching(ISO) }],
      allowed_mentions: { parse: [] },
    });
    await waitFor(async () => (await deliveries(discordEndpoint.id))[0].status === 'delivered', 10_000);
    expect(await deliveries(discordEndpoint.id)).toMatchObject([{ event: 'rule.match', status: 'delivered', attempts: 1 }]);

    // The test button's event and a replay go through the same path.
    const test = await writer.account.call('POST', `/v2/webhooks/${slackEndpoint.id}/test`);
    expect(test.status).toBe(200);
    await waitFor(() => slack.accepted().length === 2, 10_000);
    expect(slack.accepted()[1].body.text).toBe('Test event from Perch: this endpoint receives your events.');
    const replay = await writer.account.call('POST', `/v2/webhooks/deliveries/${slackDelivery.id}/replay`);
    expect(replay.status).toBe(200);
    await waitFor(() => slack.accepted().length === 3, 10_000);
    expect(slack.accepted()[2].body).toEqual(slack.accepted()[0].body);
  });

  it('get a readable line for account.balance_low, and only the events they are routed', async () => {
    const account = await createApiAccount({ label: 'kinds-low', credits: 1_250 });
    expect((await setBalanceThreshold(account.userId, 1_000)).ok).toBe(true);
    const before = { slack: slack.accepted().length, discord: discord.accepted().length };
    await addEndpoint(account, { type: 'slack', url: slack.url, events: ['account.balance_low'] });
    await addEndpoint(account, { type: 'discord', url: discord.url, events: ['budget.threshold'] });
    for (let i = 0; i < 3; i++) expect((await account.call('GET', '/v2/trending')).status).toBe(200);
    await flushMetering();
    await checkLowBalances();

    await waitFor(() => slack.accepted().length === before.slack + 1, 15_000);
    expect(slack.accepted().at(-1)!.body).toEqual({
      text: 'Your Perch balance is low: *950 credits* left (alert threshold 1,000).',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'Your Perch balance is low: *950 credits* left (alert threshold 1,000).' } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: expect.stringMatching(/^Perch · account\.balance_low · /u) }] },
      ],
      unfurl_links: false,
    });
    // The Discord endpoint takes budget alerts only: nothing was queued for it.
    const { rows } = await getPool().query(`SELECT 1 FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id WHERE e.user_id = $1 AND e.kind = 'discord'`, [account.userId]);
    expect(rows).toEqual([]);
    expect(discord.accepted().length).toBe(before.discord);
  });

  it('renders account.balance_low for Discord as one line', async () => {
    const account = await createApiAccount({ label: 'kinds-low-d', credits: 1_250 });
    expect((await setBalanceThreshold(account.userId, 1_000)).ok).toBe(true);
    const before = discord.accepted().length;
    await addEndpoint(account, { type: 'discord', url: discord.url });
    for (let i = 0; i < 3; i++) expect((await account.call('GET', '/v2/trending')).status).toBe(200);
    await flushMetering();
    await checkLowBalances();
    await waitFor(() => discord.accepted().length === before + 1, 15_000);
    expect(discord.accepted().at(-1)!.body).toEqual({ content: 'Your Perch balance is low: **950 credits** left (alert threshold 1,000).', embeds: [], allowed_mentions: { parse: [] } });
  });
});

describe('endpoint URLs by kind', () => {
  it('refuse a host that is not the service’s, and private addresses without the switch', async () => {
    const account = await createApiAccount({ label: 'kinds-urls' });
    delete process.env[ALLOW];
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ type: 'slack', url: 'https://example.com/services/T/B/x' }, 'slack'],
      [{ type: 'slack', url: 'https://hooks.slack.com.example.com/services/T/B/x' }, 'slack'],
      [{ type: 'slack', url: 'http://hooks.slack.com/services/T/B/x' }, 'https'],
      [{ type: 'discord', url: 'https://discord.com/not-a-webhook' }, 'discord'],
      [{ type: 'discord', url: 'https://hooks.slack.com/services/T/B/x' }, 'discord'],
      [{ type: 'slack', url: slack.url }, 'must use https'],
      [{ type: 'slack', url: slack.url.replace('http:', 'https:') }, 'loopback'],
      [{ type: 'discord', url: 'https://10.0.0.1/api/webhooks/1/x' }, 'private'],
      [{ type: 'email', email: 'not an address' }, 'email'],
      [{ type: 'email', email: 'a@b.example', url: 'https://example.com/' }, 'url'],
    ];
    for (const [body, word] of refused) {
      const answer = await account.call('POST', '/v2/webhooks', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body.error), JSON.stringify(body)).toContain(word);
    }
    // The services' own URLs pass (deleted at once: nothing is ever sent to them from a test).
    for (const body of [
      { type: 'slack', url: 'https://hooks.slack.com/services/T000/B000/XXXX' },
      { type: 'discord', url: 'https://discord.com/api/webhooks/123/abc' },
      { type: 'discord', url: 'https://discordapp.com/api/webhooks/123/abc' },
    ]) {
      const created = await addEndpoint(account, body);
      expect(created.type).toBe(body.type);
      expect((await account.call('DELETE', `/v2/webhooks/${created.id}`)).status).toBe(200);
    }
    expect((await account.call('GET', '/v2/webhooks')).body.data).toEqual([]);
  });
});

describe('email endpoints', () => {
  let writer: Writer;
  const word = `plover${crypto.randomBytes(4).toString('hex')}`;
  const address = `digest-${crypto.randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    writer = await setUpWriter('kinds-mail');
  });

  it('mail a digest at most every digest_minutes: two events in the window make one mail', async () => {
    const endpoint = await addEndpoint(writer.account, { type: 'email', email: address.toUpperCase().replace('@EXAMPLE.COM', '@Example.COM'), digest_minutes: 1, events: ['rule.match'] });
    const localPart = address.split('@')[0].toUpperCase();
    expect(endpoint).toMatchObject({ type: 'email', email: `${localPart}@example.com`, url: `mailto:${localPart}@example.com`, digest_minutes: 1 });
    const to = endpoint.email!;
    expect((await writer.account.call('POST', '/v2/rules', { body: { tag: 'shore', query: word } })).status).toBe(200);

    // The first event after a quiet period is mailed at once.
    const first = await post(writer, `first ${word}`);
    await waitFor(async () => (await mailsTo(to)).length === 1, 20_000);
    const [mail] = await mailsTo(to);
    expect(mail.subject).toBe('Perch: 1 event');
    expect(mail.text).toContain(`Rule shore matched a tweet by @${writer.me.username}`);
    expect(mail.text).toContain(`> first ${word}`);
    expect(mail.text).toContain(`Open the tweet: https://perch.local/${writer.me.username}/status/${first}`);

    // Two more within the window wait for its end, without a mail.
    const second = await post(writer, `second ${word}`);
    const third = await post(writer, `third ${word}`);
    await waitFor(async () => {
      const rows = await deliveries(endpoint.id);
      return rows.length === 3 && rows.slice(1).every((row) => row.status === 'pending' && row.next_attempt_at !== null && row.next_attempt_at.getTime() > Date.now());
    }, 20_000);
    expect(await mailsTo(to)).toHaveLength(1);

    // The window ends (moved back a minute rather than waited for): one mail lists both, oldest first.
    await getPool().query(`UPDATE realtime_endpoints SET last_digest_at = last_digest_at - interval '1 minute' WHERE id = $1::bigint`, [endpoint.id]);
    await getPool().query(`UPDATE realtime_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1::bigint AND status = 'pending'`, [endpoint.id]);
    await getPool().query(`SELECT ${wakeEndpointSql('$1::bigint')}`, [endpoint.id]);
    await waitFor(async () => (await mailsTo(to)).length === 2, 20_000);
    const digest = (await mailsTo(to))[1];
    expect(digest.subject).toBe('Perch: 2 events');
    expect(digest.text).toMatch(/^2 events since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC:/u);
    expect(digest.text.indexOf(`/status/${second}`)).toBeGreaterThan(0);
    expect(digest.text.indexOf(`/status/${third}`)).toBeGreaterThan(digest.text.indexOf(`/status/${second}`));
    expect(digest.text).not.toContain(`/status/${first}`);
    await waitFor(async () => (await deliveries(endpoint.id)).every((row) => row.status === 'delivered'), 10_000);
    expect(await mailsTo(to)).toHaveLength(2);

    // The test button mails at once, outside the window.
    expect((await writer.account.call('POST', `/v2/webhooks/${endpoint.id}/test`)).status).toBe(200);
    await waitFor(async () => (await mailsTo(to)).length === 3, 10_000);
    expect((await mailsTo(to))[2]).toMatchObject({ subject: 'Perch: test event' });
  });
});
