import type {
  BatchResult,
  Community,
  CreateTweetRequest,
  DeleteTweetResult,
  FollowCheck,
  FollowResult,
  LikeCheck,
  LikeResult,
  ListCounts,
  Page,
  PageRequest,
  PlatformActor,
  RetweetCheck,
  RetweetResult,
  Trending,
  TrendingRequest,
  Tweet,
  TweetPageRequest,
  TweetSearchRequest,
  UnfollowResult,
  UnlikeResult,
  UnretweetResult,
  User,
  UserPageRequest,
  UserSearchRequest,
  ViewerRelations,
  WriteOutcome,
} from './types';
import type { PlatformSyntax } from './syntax';

// Usernames and ids arrive validated and normalised in the platform's own syntax (syntax.ts).
// Every method throws
// NotFoundError when the user, tweet, list or community it starts from does not exist,
// InvalidCursorError for an `after` it did not issue, InvalidInputError for unusable input,
// UnavailableError for what it cannot serve (503) and UpstreamRateLimitedError (429).

/** What operations read: one method per access path of the contract (section 7, 1–28). */
export type PlatformReads = {
  getUser(username: string): Promise<User>;
  getUserById(id: string): Promise<User>;
  /** Found users in request order (each once); `not_found` holds the requested names as given. */
  getUsersBatch(usernames: readonly string[]): Promise<BatchResult<User>>;
  /** Own tweets and retweets, no replies. */
  getUserTweets(username: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  /** Own tweets, retweets and replies. */
  getUserReplies(username: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  /** Own tweets with media. */
  getUserMedia(username: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  /** Tweets mentioning the user. */
  getUserMentions(username: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  getUserFollowers(username: string, page: UserPageRequest): Promise<Page<User>>;
  getUserFollowing(username: string, page: UserPageRequest): Promise<Page<User>>;
  /** Follower ids, newest follow first. */
  getUserFollowerIds(username: string, page: PageRequest): Promise<Page<string>>;
  getUserVerifiedFollowers(username: string, page: UserPageRequest): Promise<Page<User>>;

  getTweet(id: string): Promise<Tweet>;
  /** Found tweets in request order (each once); `not_found` holds the requested ids that matched nothing. */
  getTweetsBatch(ids: readonly string[]): Promise<BatchResult<Tweet>>;
  /** Replies in the tweet's thread. */
  getTweetConversation(id: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  getTweetQuotes(id: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  getTweetRetweeters(id: string, page: UserPageRequest): Promise<Page<User>>;
  getTweetLikers(id: string, page: UserPageRequest): Promise<Page<User>>;

  /** Tweets by the list's members. */
  getListTweets(listId: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  getListMembers(listId: string, page: UserPageRequest): Promise<Page<User>>;
  getListSubscribers(listId: string, page: UserPageRequest): Promise<Page<User>>;
  /** The list's counts, for an export's estimate; NotFoundError for no such list. Absent where the platform cannot tell. */
  getListCounts?(listId: string): Promise<ListCounts>;

  getCommunity(id: string): Promise<Community>;
  getCommunityTweets(id: string, page: TweetPageRequest): Promise<Page<Tweet>>;
  getCommunityMembers(id: string, page: UserPageRequest): Promise<Page<User>>;

  searchTweets(request: TweetSearchRequest): Promise<Page<Tweet>>;
  searchUsers(request: UserSearchRequest): Promise<Page<User>>;
  getTrending(request: TrendingRequest): Promise<Trending>;

  checkFollow(source: string, target: string): Promise<FollowCheck>;
  checkRetweet(tweetId: string, username: string): Promise<RetweetCheck>;
  checkLike(tweetId: string, username: string): Promise<LikeCheck>;

  /**
   * The relations of the account `viewerId` to these tweets and users, in one round trip
   * (records' `viewer` fields). Optional: without it, `viewer` is null.
   */
  getViewerRelations?(viewerId: string, about: { tweetIds: readonly string[]; userIds: readonly string[] }): Promise<ViewerRelations>;
};

/** What write operations do, as the key owner's connected account (contract section 7, 29–38). */
export type PlatformWrites = {
  /** Posts a tweet, a reply or a quote and returns it as read back. */
  createTweet(actor: PlatformActor, request: CreateTweetRequest): Promise<Tweet>;
  /** Deletes one of the actor's own tweets; ForbiddenError for anyone else's. */
  deleteTweet(actor: PlatformActor, tweetId: string): Promise<DeleteTweetResult>;
  likeTweet(actor: PlatformActor, tweetId: string): Promise<WriteOutcome<LikeResult>>;
  unlikeTweet(actor: PlatformActor, tweetId: string): Promise<WriteOutcome<UnlikeResult>>;
  retweet(actor: PlatformActor, tweetId: string): Promise<WriteOutcome<RetweetResult>>;
  unretweet(actor: PlatformActor, tweetId: string): Promise<WriteOutcome<UnretweetResult>>;
  follow(actor: PlatformActor, username: string): Promise<WriteOutcome<FollowResult>>;
  unfollow(actor: PlatformActor, username: string): Promise<WriteOutcome<UnfollowResult>>;
};

/** The platforms Perch can serve: the embedded one, Bluesky and X. */
export const PLATFORM_NAMES = ['local', 'bluesky', 'x'] as const;
export type PlatformName = (typeof PLATFORM_NAMES)[number];

/** What a platform is, beside what it does. */
export type PlatformIdentity = {
  readonly name: PlatformName;
  /** Its id and username syntax: the API validates inputs with it. */
  readonly syntax: PlatformSyntax;
  /**
   * The operations it does not have at all, by operation id, each with the message of its
   * 503 unavailable. The API answers those before reading their inputs (whose ids may not even
   * be in this platform's syntax), charging nothing; the methods behind them throw the same.
   */
  readonly lacks?: Readonly<Record<string, string>>;
};

/** The only way operations reach data: the embedded platform, Bluesky or X. */
export type Platform = PlatformIdentity & PlatformReads & PlatformWrites;
