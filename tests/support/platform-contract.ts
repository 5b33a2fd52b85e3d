import { describe, expect, it } from 'vitest';
import { TweetWithViewerSchema, UserWithViewerSchema } from '@/lib/platform/records';
import type { PlatformSyntax } from '@/lib/platform/syntax';
import type { ApiAccount } from './api-client';
import { expectCharged, expectChargedPerItem, expectNothingCharged, measuredCall, PRICE } from './api-charges';
import { expectError, expectSuccess } from './api-records';

// The platform contract: the same assertions for every platform Perch serves (the embedded one,
// Bluesky on a local AT Protocol network, later X). Each platform's test file supplies the
// subjects that exist on it; nothing here knows which platform answers.

export type ContractSubjects = {
  account: ApiAccount;
  syntax: PlatformSyntax;
  /** A user with at least three followers and some posts of its own. */
  username: string;
  /** A tweet with at least one like. */
  tweetId: string;
  /** Syntactically valid names of nothing. */
  missingUsername: string;
  missingTweetId: string;
  /** Values no path of this platform accepts. */
  badUsername: string;
  badTweetId: string;
  /** A path this platform answers 503 unavailable for, if any. */
  unavailablePath?: string;
};

const URL_SAFE = /^[A-Za-z0-9._:~%-]+$/;

function expectUserRecord(user: unknown, syntax: PlatformSyntax): void {
  const parsed = UserWithViewerSchema.strict().safeParse(user);
  expect(parsed.success, JSON.stringify(parsed.error?.issues ?? [])).toBe(true);
  const record = user as { id: string; username: string };
  expect(record.id).toMatch(URL_SAFE);
  expect(record.username).toMatch(syntax.username.pattern);
}

function expectTweetRecord(tweet: unknown, syntax: PlatformSyntax): void {
  const parsed = TweetWithViewerSchema.strict().safeParse(tweet);
  expect(parsed.success, JSON.stringify(parsed.error?.issues ?? [])).toBe(true);
  const record = tweet as { id: string; url: string; author: { username: string } };
  expect(record.id).toMatch(syntax.id.pattern);
  expect(syntax.tweetReference(record.url), `the tweet's URL ${record.url} is a reference to it`).toBe(syntax.id.normalize(record.id));
}

/** Registers the contract's tests for one platform; `subjects` is read when the tests run. */
export function describePlatformContract(platform: string, subjects: () => ContractSubjects): void {
  describe(`platform contract: ${platform}`, () => {
    it('a user is a full User record whose id and username go back into paths and batches', async () => {
      const { account, username, syntax } = subjects();
      const answer = await measuredCall(account, 'GET', `/v2/users/${encodeURIComponent(username)}`);
      expectSuccess(answer);
      expectUserRecord(answer.body.data, syntax);
      expectCharged(answer, PRICE.profile);
      const { id, username: returned } = answer.body.data;
      const again = await account.call('GET', `/v2/users/${encodeURIComponent(returned)}`);
      expectSuccess(again);
      expect(again.body.data.id).toBe(id);
      const batch = await measuredCall(account, 'POST', '/v2/users/batch', { body: { usernames: [returned, subjects().missingUsername] } });
      expectSuccess(batch, ['not_found']);
      expect(batch.body.data.map((user: { id: string }) => user.id)).toEqual([id]);
      expect(batch.body.meta.not_found).toEqual([subjects().missingUsername]);
      expectCharged(batch, PRICE.profile);
    });

    it('a tweet is a full Tweet record whose id goes back into paths and batches', async () => {
      const { account, tweetId, syntax } = subjects();
      const answer = await measuredCall(account, 'GET', `/v2/tweets/${tweetId}`);
      expectSuccess(answer);
      expectTweetRecord(answer.body.data, syntax);
      expectCharged(answer, PRICE.tweet);
      const id = answer.body.data.id as string;
      const batch = await measuredCall(account, 'POST', '/v2/tweets/batch', { body: { ids: [id, answer.body.data.url, subjects().missingTweetId] } });
      expectSuccess(batch, ['not_found']);
      expect(batch.body.data.map((tweet: { id: string }) => tweet.id)).toEqual([id]);
      expect(batch.body.meta.not_found).toEqual([subjects().missingTweetId]);
      expectCharged(batch, PRICE.tweet);
      const likers = await measuredCall(account, 'GET', `/v2/tweets/${id}/likers`);
      expectSuccess(likers);
      expect(likers.body.data.length).toBeGreaterThan(0);
      for (const user of likers.body.data) expectUserRecord(user, syntax);
      expectChargedPerItem(likers, PRICE.follower);
    });

    it('pages through followers one at a time without duplicates, charging each page for what it returns', async () => {
      const { account, username, syntax } = subjects();
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page += 1) {
        const answer = await measuredCall(account, 'GET', `/v2/users/${encodeURIComponent(username)}/followers`, { query: { count: 1, ...(cursor ? { cursor } : {}) } });
        expectSuccess(answer);
        expectChargedPerItem(answer, PRICE.follower);
        for (const user of answer.body.data) {
          expectUserRecord(user, syntax);
          seen.push(user.id);
        }
        cursor = answer.body.meta.next_cursor ?? undefined;
        if (!cursor) break;
      }
      expect(cursor, 'paging ended').toBeUndefined();
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length);
      const ids = await account.call('GET', `/v2/users/${encodeURIComponent(username)}/followers-ids`, { query: { count: 5000 } });
      expectSuccess(ids);
      expect([...ids.body.data].sort()).toEqual([...seen].sort());
    });

    it('a cursor cannot be reused with other parameters', async () => {
      const { account, username } = subjects();
      const first = await account.call('GET', `/v2/users/${encodeURIComponent(username)}/followers`, { query: { count: 1 } });
      expectSuccess(first);
      const wrong = await measuredCall(account, 'GET', `/v2/users/${encodeURIComponent(username)}/following`, { query: { count: 1, cursor: first.body.meta.next_cursor } });
      expectError(wrong, 400, 'invalid_request');
      expectNothingCharged(wrong);
    });

    it('what does not exist is a 404 and charges nothing', async () => {
      const { account, missingUsername, missingTweetId } = subjects();
      for (const path of [`/v2/users/${encodeURIComponent(missingUsername)}`, `/v2/tweets/${missingTweetId}`, `/v2/tweets/${missingTweetId}/likers`]) {
        const answer = await measuredCall(account, 'GET', path);
        expectError(answer, 404, 'not_found');
        expectNothingCharged(answer);
      }
    });

    it('a username or id outside the platform syntax is a 400 naming the field', async () => {
      const { account, badUsername, badTweetId } = subjects();
      const user = await measuredCall(account, 'GET', `/v2/users/${encodeURIComponent(badUsername)}`);
      expectError(user, 400, 'invalid_request');
      expect(user.body.error.details[0].path).toBe('username');
      expectNothingCharged(user);
      const tweet = await measuredCall(account, 'GET', `/v2/tweets/${encodeURIComponent(badTweetId)}`);
      expectError(tweet, 400, 'invalid_request');
      expect(tweet.body.error.details[0].path).toBe('tweetId');
    });

    it('what the platform cannot serve is a 503 unavailable naming it, and charges nothing', async () => {
      const { account, unavailablePath } = subjects();
      if (!unavailablePath) return; // this platform serves every operation
      const answer = await measuredCall(account, 'GET', unavailablePath);
      expectError(answer, 503, 'unavailable');
      expect(answer.body.error.message).toMatch(new RegExp(platform, 'i'));
      expectNothingCharged(answer);
    });
  });
}
