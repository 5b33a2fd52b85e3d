import type { Page, Tweet, TweetSort, User, UserSort } from '../types';
import type { FeedViewPost, PostView, ProfileView } from './map-records';
import { pageOverRankedWindow, pageOverUpstream, type UpstreamPageOptions } from '../upstream-pages';

// Bluesky lists come in its own order (newest first for feeds and graphs, relevance for
// search). Perch's other sorts rank a window of the upstream's first items here.

/** How many upstream items a ranked (popular, engagement, followers, name) page ranks. */
export const RANK_WINDOW = 500;

type PostLike = PostView | FeedViewPost;

function postOf(item: PostLike): PostView {
  return 'post' in item ? item.post : item;
}

function engagement(post: PostView): number {
  return (post.likeCount ?? 0) + (post.repostCount ?? 0) + (post.replyCount ?? 0) + (post.quoteCount ?? 0);
}

function tweetComparator(sort: TweetSort): (a: PostLike, b: PostLike) => number {
  const score = sort === 'popular' ? (post: PostView) => post.likeCount ?? 0 : engagement;
  return (a, b) => score(postOf(b)) - score(postOf(a)) || postOf(b).indexedAt.localeCompare(postOf(a).indexedAt) || postOf(b).uri.localeCompare(postOf(a).uri);
}

function displayName(profile: ProfileView): string {
  return (profile.displayName || profile.handle).toLowerCase();
}

function userComparator(sort: UserSort): (a: ProfileView, b: ProfileView) => number {
  if (sort === 'followers') return (a, b) => (b.followersCount ?? 0) - (a.followersCount ?? 0) || a.did.localeCompare(b.did);
  return (a, b) => displayName(a).localeCompare(displayName(b)) || a.did.localeCompare(b.did);
}

type Common<U, T> = UpstreamPageOptions<U, T>;

/** A tweet page in the requested sort: the upstream's newest-first order for `latest`, a ranked window otherwise. */
export function sortedTweetPage<U extends PostLike>(sort: TweetSort | undefined, options: Common<U, Tweet>): Promise<Page<Tweet>> {
  if (!sort || sort === 'latest') return pageOverUpstream(options);
  return pageOverRankedWindow({ ...options, window: RANK_WINDOW, compare: tweetComparator(sort) });
}

/** A user page in the requested sort: the upstream's order for `default`, a ranked window otherwise. */
export function sortedUserPage<U extends ProfileView>(sort: UserSort | undefined, options: Common<U, User>): Promise<Page<User>> {
  if (!sort || sort === 'default') return pageOverUpstream(options);
  return pageOverRankedWindow({ ...options, window: RANK_WINDOW, compare: userComparator(sort) });
}
