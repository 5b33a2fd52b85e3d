import type { User, UserSummary } from '@/lib/platform/types';
import { isoTime, textOrNull } from './map-values';

/** The select list of a full User from platform.users aliased `u`. */
export const USER_COLUMNS = `u.id::text AS id, u.username, u.name, u.description, u.location, u.url,
  u.profile_image_url, u.profile_banner_url, u.created_at, u.followers_count, u.following_count, u.tweet_count,
  u.like_count, u.media_count, u.listed_count, u.verified, u.is_blue_verified, u.verified_type, u.protected,
  u.pinned_tweet_ids::text[] AS pinned_tweet_ids`;

/** A row selected with USER_COLUMNS: the record's fields, with created_at still a Date. */
export type UserRow = Omit<User, 'created_at'> & { created_at: Date };

/** A JSON object with a UserSummary's columns, for users joined as `alias` (a tweet's author, a community's creator). */
export function userSummaryJson(alias: string): string {
  return `json_build_object('id', ${alias}.id::text, 'username', ${alias}.username, 'name', ${alias}.name,
    'profile_image_url', ${alias}.profile_image_url, 'is_blue_verified', ${alias}.is_blue_verified,
    'verified_type', ${alias}.verified_type, 'followers_count', ${alias}.followers_count)`;
}

/** The User record of a row selected with USER_COLUMNS. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    description: textOrNull(row.description),
    location: textOrNull(row.location),
    url: textOrNull(row.url),
    profile_image_url: textOrNull(row.profile_image_url),
    profile_banner_url: textOrNull(row.profile_banner_url),
    created_at: isoTime(row.created_at),
    followers_count: row.followers_count,
    following_count: row.following_count,
    tweet_count: row.tweet_count,
    like_count: row.like_count,
    media_count: row.media_count,
    listed_count: row.listed_count,
    verified: row.verified,
    is_blue_verified: row.is_blue_verified,
    verified_type: row.verified_type,
    protected: row.protected,
    pinned_tweet_ids: row.pinned_tweet_ids ?? [],
  };
}

/** The UserSummary record of an object built by userSummaryJson. */
export function toUserSummary(json: UserSummary): UserSummary {
  return {
    id: json.id,
    username: json.username,
    name: json.name,
    profile_image_url: textOrNull(json.profile_image_url),
    is_blue_verified: json.is_blue_verified,
    verified_type: json.verified_type,
    followers_count: json.followers_count,
  };
}
