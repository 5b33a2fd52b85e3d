import type { SeedContext } from './context';
import type { CommunityModel } from './communities';
import { spreadTies } from './ids';
import { Rng } from './prng';
import { AliasTable, lowerBound, searchCumulative } from './sampling';
import type { UserModel } from './users';

export const ORIGINAL = 0;
export const REPLY = 1;
export const QUOTE = 2;
export const RETWEET = 3;

export const MEDIA_NONE = 0;
export const MEDIA_PHOTO = 1;
export const MEDIA_VIDEO = 2;
export const MEDIA_GIF = 3;

/**
 * Every tweet's skeleton, in time order, column-wise: who, when, what kind, what it points
 * at, and the engagement counts the later phases fill. Text is not stored: it is a pure
 * function of (seed, index) and is written straight into COPY.
 */
export type TweetPlan = {
  count: number;
  author: Int32Array;
  /** Epoch milliseconds, strictly increasing with the index. */
  ms: Float64Array;
  kind: Uint8Array;
  /** The replied-to, quoted or retweeted tweet; -1 for originals. */
  ref: Int32Array;
  /** The conversation's first tweet. */
  root: Int32Array;
  /** Index into the users' `languages`. */
  lang: Uint8Array;
  community: Int32Array;
  media: Uint8Array;
  /** How likely a tweet is to be replied to, quoted, retweeted or liked (0 for retweets). */
  appeal: Float64Array;
  /**
   * What draws likes: a tweet's own appeal with its author's fame and volume mostly taken out.
   * Attention splits over an account's tweets, so a prolific, famous account gets more likes in
   * all but not every top spot of the popular results.
   */
  likeAppeal: Float64Array;
  likes: Int32Array;
  retweets: Int32Array;
  replies: Int32Array;
  quotes: Int32Array;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SHARE_LAST_DAY = 0.22;
const P_RETWEET = 0.18;
const P_REPLY = 0.22;
const P_QUOTE = 0.05;
const P_SELF_THREAD = 0.3;
const P_COMMUNITY = 0.08;
const P_MEDIA = 0.2;
// Newest tweets stay a minute clear of the anchor so likes of them still fit before it.
const LATEST_GAP_MS = 60_000;

/** When tweets happen: a steady stream over the window plus a busy last day (what trends look at). */
function tweetTimes(rng: Rng, ctx: SeedContext, n: number): Float64Array {
  const end = ctx.anchorMs - LATEST_GAP_MS;
  const ms = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const span = rng.chance(SHARE_LAST_DAY) ? DAY_MS : end - ctx.windowStartMs;
    ms[i] = Math.floor(end - rng.next() * span);
  }
  ms.sort();
  spreadTies(ms);
  return ms;
}

/** Lays out every tweet: authors, times, replies (with self-threads), quotes, retweets, media, communities. */
export function planTweets(ctx: SeedContext, users: UserModel, communities: CommunityModel): TweetPlan {
  const n = ctx.config.tweets;
  const rng = Rng.for(ctx.seed, 'tweet-plan');
  ctx.progress.start('plan', n);
  const ms = tweetTimes(rng, ctx, n);
  const authors = new AliasTable(users.activity);
  const author = new Int32Array(n);
  const kind = new Uint8Array(n);
  const ref = new Int32Array(n).fill(-1);
  const root = new Int32Array(n);
  const lang = new Uint8Array(n);
  const community = new Int32Array(n).fill(-1);
  const media = new Uint8Array(n);
  const appeal = new Float64Array(n);
  const likeAppeal = new Float64Array(n);
  const cumulative = new Float64Array(n);
  const retweets = new Int32Array(n);
  const replies = new Int32Array(n);
  const quotes = new Int32Array(n);
  const lastTweet = new Int32Array(users.count).fill(-1);
  const retweeted = new Set<number>();

  // An earlier tweet from the last `windowMs`, drawn by appeal; -1 when there is none.
  const target = (i: number, windowMs: number): number => {
    const lo = lowerBound(ms, ms[i] - windowMs);
    if (lo >= i) return -1;
    const base = lo > 0 ? cumulative[lo - 1] : 0;
    const total = cumulative[i - 1] - base;
    if (total <= 0) return -1;
    const j = searchCumulative(cumulative, lo, i, base + rng.next() * total);
    return kind[j] === RETWEET ? -1 : j;
  };

  for (let i = 0; i < n; i++) {
    const a = authors.sample(rng);
    author[i] = a;
    root[i] = i;
    const r = rng.next();
    if (r < P_RETWEET) {
      const t = target(i, 2 * DAY_MS);
      // One retweet per user and tweet (a unique index holds it), never of one's own tweet.
      const key = a * n + t;
      if (t >= 0 && author[t] !== a && !retweeted.has(key)) {
        retweeted.add(key);
        kind[i] = RETWEET;
        ref[i] = t;
        retweets[t]++;
      }
    } else if (r < P_RETWEET + P_REPLY) {
      const own = lastTweet[a];
      const t = own >= 0 && ms[i] - ms[own] < 12 * HOUR_MS && rng.chance(P_SELF_THREAD) ? own : target(i, 3 * DAY_MS);
      if (t >= 0) {
        kind[i] = REPLY;
        ref[i] = t;
        root[i] = root[t];
        replies[t]++;
      }
    } else if (r < P_RETWEET + P_REPLY + P_QUOTE) {
      const t = target(i, 7 * DAY_MS);
      if (t >= 0 && author[t] !== a) {
        kind[i] = QUOTE;
        ref[i] = t;
        quotes[t]++;
      }
    }
    if (kind[i] === RETWEET) {
      lang[i] = lang[ref[i]];
    } else {
      lang[i] = rng.chance(0.9) ? users.lang[a] : users.altLang[a];
      if (rng.chance(P_MEDIA)) {
        const m = rng.next();
        media[i] = m < 0.75 ? MEDIA_PHOTO : m < 0.93 ? MEDIA_VIDEO : MEDIA_GIF;
      }
      const c = communities.primary[a];
      if (kind[i] === ORIGINAL && c >= 0 && ms[i] > communities.joinedMs[a] && rng.chance(P_COMMUNITY)) community[i] = c;
      appeal[i] = users.popularity[a] ** 0.75 * rng.logNormal(0.9) * (kind[i] === REPLY ? 0.4 : 1);
      likeAppeal[i] = appeal[i] / (users.popularity[a] ** 0.5 * Math.sqrt(users.activity[a]));
      lastTweet[a] = i;
    }
    cumulative[i] = (i > 0 ? cumulative[i - 1] : 0) + appeal[i];
    ctx.progress.tick(i);
  }
  ctx.progress.finish();
  return { count: n, author, ms, kind, ref, root, lang, community, media, appeal, likeAppeal, likes: new Int32Array(n), retweets, replies, quotes };
}
