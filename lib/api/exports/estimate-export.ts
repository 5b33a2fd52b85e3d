import type { Platform } from '@/lib/platform/platform';
import type { ExportInputs } from '@/lib/exports/export-store';
import type { Operation } from '../define-operation';

/**
 * What an export would return and cost, where its source tells the total (null when it cannot:
 * a search), and what max_items / max_credits bound it to whatever the source holds.
 */
export type ExportEstimate = { items: number | null; credits: number | null; basis: string | null; at_most: { items: number; credits: number } | null };

type Total = { count: number | null; basis: string };

// The record that carries each operation's total, and which of its counts it is. The counts are
// the platform's own (a profile's followers_count), so "about": accounts come and go meanwhile.
async function sourceTotal(operation: Operation, inputs: ExportInputs, platform: Platform): Promise<Total | null> {
  const path = inputs.path as { username?: string; tweetId?: string; communityId?: string; listId?: string };
  const user = async (field: 'followers_count' | 'following_count' | 'tweet_count' | 'media_count') => {
    const found = await platform.getUser(String(path.username));
    return { count: found[field] ?? null, basis: `the profile's ${field}` };
  };
  const tweet = async (field: 'like_count' | 'retweet_count' | 'quote_count' | 'reply_count') => {
    const found = await platform.getTweet(String(path.tweetId));
    return { count: found[field] ?? null, basis: `the tweet's ${field}` };
  };
  switch (operation.id) {
    case 'getUserFollowers':
    case 'getUserFollowerIds':
      return user('followers_count');
    case 'getUserFollowing':
      return user('following_count');
    case 'getUserTweets':
      return user('tweet_count');
    case 'getUserMedia':
      return user('media_count');
    case 'getTweetLikers':
      return tweet('like_count');
    case 'getTweetRetweeters':
      return tweet('retweet_count');
    case 'getTweetQuotes':
      return tweet('quote_count');
    case 'getTweetConversation':
      return tweet('reply_count');
    case 'getCommunityMembers': {
      const community = await platform.getCommunity(String(path.communityId));
      return { count: community.member_count, basis: "the community's member_count" };
    }
    // No total to tell, but a subject that does not exist is a 404 now, not an export that fails later.
    case 'getUserMentions':
    case 'getUserReplies':
    case 'getUserVerifiedFollowers':
      await platform.getUser(String(path.username));
      return null;
    case 'getCommunityTweets':
      await platform.getCommunity(String(path.communityId));
      return null;
    // Where the platform tells a list's counts (not X here): the total, and a 404 for a list that does not exist.
    case 'getListMembers':
    case 'getListSubscribers':
    case 'getListTweets': {
      if (!platform.getListCounts) return null;
      const counts = await platform.getListCounts(String(path.listId));
      if (operation.id === 'getListTweets') return null;
      const members = operation.id === 'getListMembers';
      return { count: members ? counts.members : counts.subscribers, basis: members ? "the list's member count" : "the list's subscriber count" };
    }
    default:
      return null;
  }
}

/**
 * Estimates an export: the source's total where it has one (a user's follower count, a tweet's
 * like count, a community's member count), capped by max_items and max_credits, at the unit price.
 */
export async function estimateExport(
  operation: Operation,
  inputs: ExportInputs,
  platform: Platform,
  limits: { unitPrice: number; maxItems: number | null; maxCredits: number | null },
): Promise<ExportEstimate> {
  const total = await sourceTotal(operation, inputs, platform);
  const caps = [limits.maxItems, limits.maxCredits !== null && limits.unitPrice > 0 ? Math.floor(limits.maxCredits / limits.unitPrice) : null].filter((cap): cap is number => cap !== null);
  const cap = caps.length > 0 ? Math.min(...caps) : null;
  const atMost = cap === null ? null : { items: cap, credits: cap * limits.unitPrice };
  if (total === null || total.count === null) return { items: null, credits: null, basis: null, at_most: atMost };
  const items = cap === null ? total.count : Math.min(total.count, cap);
  return { items, credits: items * limits.unitPrice, basis: total.basis, at_most: atMost };
}
