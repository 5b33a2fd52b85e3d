import { COUNTRIES } from '@/lib/platform/countries';
import type { SeedContext } from './context';
import { copyText, copyTime } from './copy-text';
import type { TagBook } from './hashtags';
import { seedId } from './ids';
import { MEDIA_HOST } from './media';
import { Rng } from './prng';
import { sentence } from './sentences';
import type { TweetPlan } from './tweet-plan';
import { VERIFIED_TYPES, type UserModel } from './users';
import { localeNames } from './word-pools';

/** Every denormalised count of a user, computed from the rows the seed wrote. */
export type UserCounts = {
  followers: Int32Array;
  following: Int32Array;
  tweets: Int32Array;
  likes: Int32Array;
  media: Int32Array;
  listed: Int32Array;
  /** Per user: the tweet they might pin (-1 for none). */
  bestTweet: Int32Array;
};

export const USER_COLUMNS = [
  'id', 'username', 'name', 'description', 'location', 'country', 'url', 'profile_image_url', 'profile_banner_url', 'created_at',
  'followers_count', 'following_count', 'tweet_count', 'like_count', 'media_count', 'listed_count', 'verified', 'is_blue_verified',
  'verified_type', 'protected', 'pinned_tweet_ids', 'sim_seq',
];

const BIO_EMOJI = ['✨', '🌍', '📚', '🎧', '☕', '⚽', '📷', '💻', '🎨', '🌱', '🏃', '🎮'];

function bio(rng: Rng, users: UserModel, tags: TagBook, u: number): string | null {
  const lang = users.languages[users.lang[u]];
  if (users.verified[u] === 3) return `Official account of the ${users.names[u]}.`;
  if (!rng.chance(0.75)) return null;
  let text = sentence(rng, lang, 3, 12);
  if (rng.chance(0.3)) text += ` ${rng.pick(BIO_EMOJI)}`;
  if (rng.chance(0.2)) text += ` #${rng.pickSkewed(tags.evergreen(lang), 2)}`;
  return text;
}

function location(rng: Rng, users: UserModel, u: number): string | null {
  if (!rng.chance(0.65)) return null;
  const country = COUNTRIES[users.country[u]].name;
  const place = rng.pick(localeNames(users.locale[u]).places);
  const r = rng.next();
  return r < 0.5 ? `${place}, ${country}` : r < 0.8 ? place : country;
}

/** Users as COPY rows, written last: their counts are tallies of everything written before. */
export function* userRows(ctx: SeedContext, users: UserModel, plan: TweetPlan, tags: TagBook, counts: UserCounts): Generator<string> {
  ctx.progress.start('users', users.count);
  for (let u = 0; u < users.count; u++) {
    const rng = Rng.for(ctx.seed, 'user-row', u);
    const id = users.ids[u];
    const verified = users.verified[u];
    const wantsUrl = rng.chance(verified === 2 ? 0.8 : 0.12);
    const best = counts.bestTweet[u];
    const pinned = best >= 0 && rng.chance(verified === 2 ? 0.6 : 0.1) ? `{${seedId(plan.ms[best], plan.author[best])}}` : '{}';
    yield [
      id,
      users.usernames[u],
      copyText(users.names[u]),
      copyText(bio(rng, users, tags, u)),
      copyText(location(rng, users, u)),
      COUNTRIES[users.country[u]].code,
      wantsUrl ? `https://${users.usernames[u].toLowerCase().replace(/_+/g, '-').replace(/^-|-$/g, '') || 'home'}.example.com` : '\\N',
      `${MEDIA_HOST}/profile_images/${id}/${rng.uint32().toString(36)}.jpg`,
      rng.chance(0.65) ? `${MEDIA_HOST}/profile_banners/${id}/1500x500` : '\\N',
      copyTime(users.createdMs[u]),
      counts.followers[u],
      counts.following[u],
      counts.tweets[u],
      counts.likes[u],
      counts.media[u],
      counts.listed[u],
      verified !== 0 ? 't' : 'f',
      verified !== 0 ? 't' : 'f',
      VERIFIED_TYPES[verified],
      users.protected[u] ? 't' : 'f',
      pinned,
      // 1..N: the live simulator acts only as numbered (generated) users, picked uniformly by number.
      u + 1,
    ].join('\t') + '\n';
    ctx.progress.tick(u);
  }
  ctx.progress.finish();
}
