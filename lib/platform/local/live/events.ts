import { COUNTRIES } from '@/lib/platform/countries';
import { languageOfLocale } from '@/lib/platform/seed/languages';
import type { Rng } from '@/lib/platform/seed/prng';
import { isWritable } from '@/lib/platform/seed/sentences';
import { createTweet } from '../write/create-tweet';
import { followUser } from '../write/follow-user';
import { likeTweet } from '../write/like-tweet';
import { retweet } from '../write/retweet';
import { composeTweet } from './compose';
import type { HotTags } from './hot-tags';
import type { LiveTweet, LiveUser, TargetPicker } from './targets';

export type LiveEventKind = 'tweet' | 'reply' | 'quote' | 'like' | 'retweet' | 'follow';

// Relative frequencies, roughly as on a real platform: far more likes than posts.
const WEIGHTS: ReadonlyArray<[LiveEventKind, number]> = [
  ['like', 36],
  ['tweet', 24],
  ['reply', 12],
  ['follow', 12],
  ['retweet', 11],
  ['quote', 5],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

export type LiveContext = { rng: Rng; picker: TargetPicker; tags: HotTags };

/** The next kind of event, by the weights above. */
export function drawEventKind(rng: Rng): LiveEventKind {
  let roll = rng.next() * TOTAL_WEIGHT;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return WEIGHTS[0][0];
}

/** Runs one event through the write functions; an event whose actor or target is missing is skipped. */
export async function runLiveEvent(kind: LiveEventKind, context: LiveContext): Promise<void> {
  const { picker } = context;
  switch (kind) {
    case 'tweet': {
      const author = await picker.author();
      if (author) await post(context, author, {});
      return;
    }
    case 'reply':
    case 'quote': {
      const [author, target] = [await picker.anyUser(), await picker.tweet()];
      if (author && target) await post(context, author, kind === 'reply' ? { replyTo: target } : { quote: target });
      return;
    }
    case 'like':
    case 'retweet': {
      const [user, target] = [await picker.anyUser(), await picker.tweet()];
      if (!user || !target) return;
      if (kind === 'like') await likeTweet({ userId: user.id, tweetId: target.id });
      else await retweet({ userId: user.id, tweetId: target.id });
      return;
    }
    case 'follow': {
      const [follower, followee] = [await picker.anyUser(), await picker.popularUser()];
      if (follower && followee && follower.id !== followee.id) await followUser({ followerId: follower.id, followeeId: followee.id });
      return;
    }
  }
}

async function post(context: LiveContext, author: LiveUser, about: { replyTo?: LiveTweet; quote?: LiveTweet }): Promise<void> {
  const { rng, picker, tags } = context;
  const lang = languageOf(rng, author.country);
  const mention = !about.replyTo && rng.chance(0.1) ? await picker.popularUser() : undefined;
  const text = composeTweet(rng, tags, {
    lang,
    country: author.country,
    // Replies carry fewer tags than posts; about half of all posts join a trend.
    hashtags: rng.chance(about.replyTo ? 0.15 : 0.55) ? (rng.chance(0.2) ? 2 : 1) : 0,
    replyTo: about.replyTo?.authorUsername,
    mention: mention && mention.id !== author.id ? mention.username : undefined,
  });
  const id = await createTweet({ authorId: author.id, text, lang, replyToTweetId: about.replyTo?.id, quotedTweetId: about.quote?.id });
  picker.remember({ id, authorId: author.id, authorUsername: author.username, engagement: 0 });
}

/**
 * The language a user of a country writes in: mostly the first of its locales the generator
 * writes, sometimes another one, English when it writes none of them (as the seed decides).
 */
function languageOf(rng: Rng, country: string | null): string {
  const writable = (COUNTRIES.find((c) => c.code === country)?.locales ?? ['en']).map(languageOfLocale).filter(isWritable);
  if (writable.length === 0) return 'en';
  return rng.chance(0.8) ? writable[0] : rng.pick(writable);
}
