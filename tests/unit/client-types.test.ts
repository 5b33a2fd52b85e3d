import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as account from '@/lib/api/operations/account';
import type * as analytics from '@/lib/api/operations/analytics';
import type * as checks from '@/lib/api/operations/checks';
import type * as communities from '@/lib/api/operations/communities';
import type * as events from '@/lib/api/operations/events';
import type * as exportOperations from '@/lib/api/operations/exports';
import type * as lists from '@/lib/api/operations/lists';
import type * as rules from '@/lib/api/operations/rules';
import type * as search from '@/lib/api/operations/search';
import type * as tweets from '@/lib/api/operations/tweets';
import type * as usage from '@/lib/api/operations/usage';
import type * as users from '@/lib/api/operations/users';
import type * as webhooks from '@/lib/api/operations/webhooks';
import type * as writes from '@/lib/api/operations/writes';
import type { DataOf, ExportJob, InputOf, OperationId, PagedOperationId, Perch, PerchMethods, RequestOptions, ResultMeta, Tweet, User } from '@perch/client';
import type { RouteOf } from '@/packages/client/src/routes';
import type { TweetRecord, UserRecord } from '@/lib/platform/records';

// Compile-time checks (`npx tsc --noEmit` fails on a broken one; at run time they are no-ops):
// the client's types are the server schemas' types, and the signatures are the ergonomic ones.

// The operations as the server declares them (defineOperation's specs), by operationId.
// Three export operations are declared under other names than their ids (the ids name store functions).
type ExportsById = typeof exportOperations & {
  estimateExport: typeof exportOperations.estimateExportOperation;
  listExports: typeof exportOperations.listExportsOperation;
  cancelExport: typeof exportOperations.cancelExportOperation;
};
type Declared = Pick<
  typeof account & typeof analytics & typeof checks & typeof communities & typeof lists & typeof search & typeof tweets & typeof users & typeof writes & typeof rules & typeof webhooks & typeof events & ExportsById & typeof usage,
  OperationId
>;
type SchemaInput<Id extends OperationId> = RouteOf<Id>['input'] extends 'body'
  ? z.input<NonNullable<Declared[Id]['body']>>
  : RouteOf<Id>['input'] extends 'query'
    ? z.input<NonNullable<Declared[Id]['query']>>
    : never;

type ResultOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

describe('client types', () => {
  it('has a method for exactly the operations, and paginators for exactly the paged ones', () => {
    expectTypeOf<keyof PerchMethods>().toEqualTypeOf<OperationId>();
    expectTypeOf<keyof Perch['paginate']>().toEqualTypeOf<PagedOperationId>();
    expectTypeOf<PagedOperationId>().toEqualTypeOf<
      | 'searchTweets' | 'searchUsers' | 'getUserTweets' | 'getUserMentions' | 'getUserReplies' | 'getUserMedia' | 'getUserFollowers'
      | 'getUserFollowerIds' | 'getUserFollowing' | 'getUserVerifiedFollowers' | 'getTweetConversation' | 'getTweetQuotes'
      | 'getTweetRetweeters' | 'getTweetLikers' | 'getListTweets' | 'getListMembers' | 'getListSubscribers' | 'getCommunityTweets'
      | 'getCommunityMembers' | 'listEvents' | 'listUsageEvents'
    >();
  });

  it('has data types equal to the zod schemas\' outputs, and inputs every one of which the schemas accept', () => {
    expectTypeOf<ResultOf<Perch['searchTweets']>['data']>().toEqualTypeOf<TweetRecord[]>();
    expectTypeOf<ResultOf<Perch['getUser']>['data']>().toEqualTypeOf<UserRecord>();
    expectTypeOf<ResultOf<Perch['getUserFollowerIds']>['data']>().toEqualTypeOf<string[]>();
    expectTypeOf<ResultOf<Perch['exports']['get']>>().toEqualTypeOf<z.output<typeof exportOperations.ExportJobSchema>>();
    expectTypeOf<ResultOf<Perch['exports']['waitFor']>>().toEqualTypeOf<ExportJob>();
    expectTypeOf<Parameters<Perch['exports']['create']>[0]['operation']>().toEqualTypeOf<ExportJob['operation']>();
    expectTypeOf<Tweet>().toEqualTypeOf<TweetRecord>();
    expectTypeOf<User>().toEqualTypeOf<UserRecord>();
    expectTypeOf<{ [Id in OperationId]: DataOf<Id> }>().toEqualTypeOf<{ [Id in OperationId]: z.output<Declared[Id]['response']> }>();
    // The generated inputs name exactly the schemas' fields; what the client takes, the server
    // accepts (the schemas also take numbers as text, as query strings carry them).
    expectTypeOf<{ [Id in OperationId]: keyof InputOf<Id> }>().toEqualTypeOf<{ [Id in OperationId]: keyof SchemaInput<Id> }>();
    expectTypeOf<{ [Id in OperationId]: InputOf<Id> }>().toExtend<{ [Id in OperationId]: SchemaInput<Id> }>();
    expectTypeOf<Parameters<Perch['searchTweets']>[0]>().toEqualTypeOf<InputOf<'searchTweets'>>();
  });

  it('takes path values first, then the input, then per-call options', () => {
    expectTypeOf<Parameters<Perch['getUser']>>().toEqualTypeOf<[username: string, input?: { max_credits?: number }, options?: RequestOptions]>();
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
