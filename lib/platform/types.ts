// The contract's records (section 5) and the paging types every Platform speaks. Ids are
// decimal strings, times ISO-8601 UTC strings, unknown values null.

import type { z } from 'zod';
import type { CommunitySchema, EmbeddedTweetSchema, EntitiesSchema, MediaSchema, TrendSchema, TweetSchema, UserSchema, UserSummarySchema } from './records';

// The record types are inferred from the zod schemas in records.ts, which also validate and
// document them (OpenAPI), so the two can never drift apart.

export type User = z.infer<typeof UserSchema>;
export type VerifiedType = User['verified_type'];

/** A user as a tweet's author or a community's creator. */
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** Just enough of a user to name it, as the interaction checks answer. */
export type UserRef = { id: string; username: string };

export type TweetEntities = z.infer<typeof EntitiesSchema>;
export type TweetMedia = z.infer<typeof MediaSchema>;
export type Tweet = z.infer<typeof TweetSchema>;
export type InReplyTo = NonNullable<Tweet['in_reply_to']>;

/** A quoted or retweeted tweet: one level deep, so its own references are null. */
export type EmbeddedTweet = z.infer<typeof EmbeddedTweetSchema>;

export type Community = z.infer<typeof CommunitySchema>;

export type Trend = z.infer<typeof TrendSchema>;

/** getTrending's payload: the place asked for, the end of the counting window and its top hashtags. */
export type Trending = { country: string; woeid: number; as_of: string; trends: Trend[] };

export type FollowCheck = { source: UserRef; target: UserRef; following: boolean; followed_by: boolean };

export type RetweetCheck = {
  tweet_id: string;
  user: UserRef;
  retweeted: boolean;
  retweeted_at: string | null;
  quoted: boolean;
  /** The user's tweets quoting this one, newest first. */
  quote_tweet_ids: string[];
};

export type LikeCheck = { tweet_id: string; user: UserRef; liked: boolean; liked_at: string | null };

/** A batch lookup: the found records in request order, and the requested keys that matched nothing. */
export type BatchResult<T> = { items: T[]; not_found: string[] };

/** How many members and subscribers a list has; null where the platform does not count them. */
export type ListCounts = { members: number | null; subscribers: number | null };

// ── Paging ──────────────────────────────────────────────────────────────────────────

export type TweetSort = 'latest' | 'popular' | 'engagement';
export type UserSort = 'default' | 'followers' | 'name';

/**
 * Where a page ended: the sort key of its last item (ids as strings, counts as numbers,
 * names as strings). JSON-serialisable; the API layer signs and encodes it as the cursor.
 */
export type KeysetPosition = { k: Array<string | number> };

export type Page<T> = { items: T[]; next: KeysetPosition | null };

/** count items after `after` (from the previous page's `next`; none on the first page). */
export type PageRequest<S extends string = never> = { count: number; after?: KeysetPosition | null; sort?: S };

export type TweetPageRequest = PageRequest<TweetSort>;
export type UserPageRequest = PageRequest<UserSort>;

export type TweetSearchRequest = TweetPageRequest & {
  query: string;
  lang?: string;
  min_likes?: number;
  min_retweets?: number;
  /** Default true. */
  include_replies?: boolean;
  /** Default false. */
  include_retweets?: boolean;
};

export type UserSearchRequest = UserPageRequest & { query: string };

export type TrendingRequest = {
  /** One of the trend places' names or alpha-2 codes; default Worldwide. */
  country?: string;
  /** 1..50, default 20. */
  count?: number;
};

// ── Write results (contract section 7, operations 29–38) ────────────────────────────

/** The platform account a write acts as: the key owner's connected account. */
export type PlatformActor = {
  id: string;
  username: string;
  /**
   * How to act as the account on an upstream platform (Bluesky: its handle and an app password,
   * or an atproto OAuth session, which signs each request itself; X: an OAuth 2.0 user access
   * token); absent on the embedded platform, which writes its own tables.
   */
  credential?: { kind: 'app_password'; identifier: string; password: string } | { kind: 'oauth'; session: UpstreamSession } | { kind: 'oauth2'; accessToken: string };
};

/** A logged-in upstream session that authenticates the requests it sends (an atproto OAuth session). */
export type UpstreamSession = { readonly did: string; fetchHandler(pathname: string, init?: RequestInit): Promise<Response> };

export type CreateTweetRequest = {
  text: string;
  /** Makes it a reply to this tweet. */
  in_reply_to_tweet_id?: string;
  /** Makes it a quote of this tweet. */
  quoted_tweet_id?: string;
};

export type DeleteTweetResult = { id: string; deleted: true };
export type LikeResult = { tweet_id: string; liked: true };
export type UnlikeResult = { tweet_id: string; liked: false };
export type RetweetResult = { tweet_id: string; retweeted: true; retweet_id: string };
export type UnretweetResult = { tweet_id: string; retweeted: false };
export type FollowResult = { username: string; following: true };
export type UnfollowResult = { username: string; following: false };

/**
 * A like, retweet or follow pair's result and whether it changed anything: false when the
 * state was already as asked (such a write is not charged). A platform that cannot tell
 * leaves `changed` out, and the write is charged.
 */
export type WriteOutcome<T> = T & { changed?: boolean };

/**
 * What one platform account has done with some tweets and users, as lists of their ids: the
 * tweets it liked and retweeted, the users it follows and those following it.
 */
export type ViewerRelations = { liked: string[]; retweeted: string[]; following: string[]; followedBy: string[] };
