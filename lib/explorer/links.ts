import { searchHref } from './search-state';

/** Where the explorer shows a profile. */
export const profileHref = (username: string) => `/dashboard/explore/users/${encodeURIComponent(username)}`;
/** Where the explorer shows a tweet with its conversation. */
export const tweetHref = (id: string) => `/dashboard/explore/tweets/${encodeURIComponent(id)}`;
export const listHref = (id: string) => `/dashboard/explore/lists/${encodeURIComponent(id)}`;
export const communityHref = (id: string) => `/dashboard/explore/communities/${encodeURIComponent(id)}`;
/** A hashtag's tweet search. */
export const hashtagHref = (tag: string) => searchHref(`#${tag}`);
/** A cashtag's tweet search. */
export const cashtagHref = (tag: string) => searchHref(`$${tag}`);
