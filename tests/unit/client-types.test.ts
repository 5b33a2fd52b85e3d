import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { getTrending } from '@/lib/api/operations/analytics';
import type { searchTweets } from '@/lib/api/operations/search';
import type { OperationId, PagedOperationId, Perch, PerchMethods, RequestOptions, ResultMeta, Tweet, User } from '@/lib/client';
import type { TweetRecord, UserRecord } from '@/lib/platform/records';

// Compile-time checks (`npx tsc --noEmit` fails on a broken one; at run time they are no-ops):
// the client's types are the server schemas' types, and the signatures are the ergonomic ones.

type ResultOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

describe('client types', () => {
  it('has a method for exactly the operations, and paginators for exactly the paged ones', () => {
    expectTypeOf<keyof PerchMethods>().toEqualTypeOf<OperationId>();
    expectTypeOf<keyof Perch['paginate']>().toEqualTypeOf<PagedOperationId>();
    expectTypeOf<PagedOperationId>().toEqualTypeOf<
      | 'searchTweets' | 'searchUsers' | 'getUserTweets' | 'getUserMentions' | 'getUserReplies' | 'getUserMedia' | 'getUserFollowers'
      | 'getUserFollowerIds' | 'getUserFollowing' | 'getUserVerifiedFollowers' | 'getTweetConversation' | 'getTweetQuotes'
      | 'getTweetRetweeters' | 'getTweetLikers' | 'getListTweets' | 'getListMembers' | 'getListSubscribers' | 'getCommunityTweets'
      | 'getCommunityMembers'
    >();
  });

  it('derives inputs and data from the zod schemas', () => {
    expectTypeOf<Parameters<Perch['searchTweets']>[0]>().toEqualTypeOf<z.input<NonNullable<(typeof searchTweets)['body']>>>();
    expectTypeOf<Parameters<Perch['getTrending']>[0]>().toEqualTypeOf<z.input<NonNullable<(typeof getTrending)['query']>> | undefined>();
    expectTypeOf<ResultOf<Perch['searchTweets']>['data']>().toEqualTypeOf<TweetRecord[]>();
    expectTypeOf<ResultOf<Perch['getUser']>['data']>().toEqualTypeOf<UserRecord>();
    expectTypeOf<ResultOf<Perch['getUserFollowerIds']>['data']>().toEqualTypeOf<string[]>();
    expectTypeOf<Tweet>().toEqualTypeOf<TweetRecord>();
    expectTypeOf<User>().toEqualTypeOf<UserRecord>();
  });

  it('takes path values first, then the input, then per-call options', () => {
    expectTypeOf<Parameters<Perch['getUser']>>().toEqualTypeOf<[username: string, input?: { max_credits?: string | number }, options?: RequestOptions]>();
    expectTypeOf<Parameters<Perch['getAccount']>>().toEqualTypeOf<[options?: RequestOptions]>();
    expectTypeOf<Parameters<Perch['getUserTweets']>[0]>().toEqualTypeOf<string>();
    expectTypeOf<Parameters<Perch['likeTweet']>[0]>().toEqualTypeOf<string>();
    // A required field makes the input required.
    expectTypeOf<Parameters<Perch['createTweet']>[0]>().toMatchObjectType<{ text: string }>();
    expectTypeOf<Parameters<Perch['checkFollow']>[0]>().toMatchObjectType<{ target: string }>();
  });

  it('types meta: the seven fields, not_found on batches, nothing else', () => {
    expectTypeOf<ResultOf<Perch['getUser']>['meta']>().toEqualTypeOf<ResultMeta>();
    expectTypeOf<ResultMeta>().toEqualTypeOf<{
      request_id: string;
      latency_ms: number;
      result_count: number;
      next_cursor: string | null;
      has_next_page: boolean;
      credits_charged: number;
      credits_remaining: number;
    }>();
    expectTypeOf<ResultOf<Perch['getUsersBatch']>['meta']['not_found']>().toEqualTypeOf<string[]>();
    expectTypeOf<ResultOf<Perch['getTweetsBatch']>['meta']['not_found']>().toEqualTypeOf<string[]>();
    expectTypeOf<ResultOf<Perch['createTweet']>['meta']['original_request_id']>().toEqualTypeOf<string | undefined>();
  });

  it('yields items from the paginators', () => {
    type Items<P> = P extends AsyncIterable<infer Item> ? Item : never;
    expectTypeOf<Items<ReturnType<Perch['paginate']['searchTweets']>>>().toEqualTypeOf<TweetRecord>();
    expectTypeOf<Items<ReturnType<Perch['paginate']['getTweetLikers']>>>().toEqualTypeOf<UserRecord>();
    expectTypeOf<Items<ReturnType<Perch['paginate']['getUserFollowerIds']>>>().toEqualTypeOf<string>();
  });
});
