import { COUNTRIES } from '@/lib/platform/countries';
import { extractEntities } from '@/lib/platform/entities';
import type { SeedContext } from './context';
import { copyJson, copyText, copyTime } from './copy-text';
import { seedId } from './ids';
import { IntPairs } from './int-pairs';
import { tweetMedia } from './media';
import { Rng } from './prng';
import { ORIGINAL, QUOTE, REPLY, RETWEET, MEDIA_NONE } from './tweet-plan';
import { tweetText, type TweetTextEnv } from './tweet-text';

/** What writing the tweets leaves behind for the users' counts and the entity tables. */
export type TweetTally = {
  tweetCount: Int32Array;
  mediaCount: Int32Array;
  /** Per user: their most liked original tweet (-1 for none), the pin candidate. */
  bestTweet: Int32Array;
  /** (tweet, mentioned user) for tweet_mentions; retweets name people without mentioning them. */
  mentions: IntPairs;
  /** (tweet, tag id) for tweet_hashtags. */
  hashtags: IntPairs;
  tags: string[];
};

export const TWEET_COLUMNS = [
  'id', 'author_id', 'text', 'lang', 'created_at', 'conversation_id', 'in_reply_to_tweet_id', 'in_reply_to_user_id',
  'quoted_tweet_id', 'retweeted_tweet_id', 'like_count', 'retweet_count', 'reply_count', 'quote_count', 'bookmark_count',
  'view_count', 'entities', 'media', 'possibly_sensitive', 'community_id',
];

/** A new, empty tally for `users` users. */
export function newTweetTally(users: number): TweetTally {
  return {
    tweetCount: new Int32Array(users),
    mediaCount: new Int32Array(users),
    bestTweet: new Int32Array(users).fill(-1),
    mentions: new IntPairs(),
    hashtags: new IntPairs(),
    tags: [],
  };
}

/**
 * Tweets as COPY rows in time order, with text, entities (extracted from the final text by the
 * same function live writes use, so offsets and search agree), media and counts. Needs the
 * likes and follows written first: like and view counts come from them.
 */
export function* tweetRows(ctx: SeedContext, env: TweetTextEnv, followers: Int32Array, tally: TweetTally): Generator<string> {
  const { plan, users } = env;
  const tagIds = new Map<string, number>();
  const nullable = (index: number) => (index >= 0 ? seedId(plan.ms[index], plan.author[index]) : '\\N');
  ctx.progress.start('tweets', plan.count);

  for (let i = 0; i < plan.count; i++) {
    const rng = Rng.for(ctx.seed, 'tweet-row', i);
    const author = plan.author[i];
    const kind = plan.kind[i];
    const ref = plan.ref[i];
    const id = seedId(plan.ms[i], author);
    const lang = users.languages[plan.lang[i]];
    const text = tweetText(env, i);
    const extracted = extractEntities(text);

    const mentions: Array<{ id: string; username: string; start: number; end: number }> = [];
    const mentioned = new Set<number>();
    for (const m of extracted.mentions) {
      const user = users.indexByUsername.get(m.username.toLowerCase());
      if (user === undefined) continue;
      mentions.push({ id: users.ids[user], username: users.usernames[user], start: m.start, end: m.end });
      mentioned.add(user);
    }
    if (kind !== RETWEET) for (const user of mentioned) tally.mentions.push(i, user);
    for (const tag of new Set(extracted.hashtags.map((h) => h.tag.toLowerCase()))) {
      let tagId = tagIds.get(tag);
      if (tagId === undefined) {
        tagId = tally.tags.length;
        tagIds.set(tag, tagId);
        tally.tags.push(tag);
      }
      tally.hashtags.push(i, tagId);
    }

    const media = kind === RETWEET ? [] : tweetMedia(rng, plan.media[i], id, lang);
    tally.tweetCount[author]++;
    if (plan.media[i] !== MEDIA_NONE && kind !== RETWEET) tally.mediaCount[author]++;
    const likes = plan.likes[i];
    if (kind === ORIGINAL && likes > 0 && (tally.bestTweet[author] < 0 || likes > plan.likes[tally.bestTweet[author]])) tally.bestTweet[author] = i;
    // Views grow with the author's audience and the tweet's likes; retweets have none of their own.
    const views = kind === RETWEET ? '\\N' : String(Math.round((followers[author] * 0.08 + 30) * rng.logNormal(0.7) + likes * rng.range(20, 60)));

    yield [
      id,
      users.ids[author],
      copyText(text),
      lang,
      copyTime(plan.ms[i]),
      kind === RETWEET ? id : nullable(plan.root[i]),
      kind === REPLY ? nullable(ref) : '\\N',
      kind === REPLY ? users.ids[plan.author[ref]] : '\\N',
      kind === QUOTE ? nullable(ref) : '\\N',
      kind === RETWEET ? nullable(ref) : '\\N',
      likes,
      plan.retweets[i],
      plan.replies[i],
      plan.quotes[i],
      Math.floor(likes * rng.next() * 0.12),
      views,
      copyJson({ hashtags: extracted.hashtags, mentions, urls: extracted.urls, cashtags: extracted.cashtags }),
      copyJson(media),
      kind !== RETWEET && rng.chance(0.01) ? 't' : 'f',
      plan.community[i] >= 0 ? env.communityIds[plan.community[i]] : '\\N',
    ].join('\t') + '\n';
    ctx.progress.tick(i);
  }
  ctx.progress.finish();
}

/** tweet_mentions rows (user_id, tweet_id). */
export function* mentionRows(env: TweetTextEnv, tally: TweetTally): Generator<string> {
  const { plan, users } = env;
  for (let k = 0; k < tally.mentions.length; k++) {
    const i = tally.mentions.a(k);
    yield `${users.ids[tally.mentions.b(k)]}\t${seedId(plan.ms[i], plan.author[i])}\n`;
  }
}

/** tweet_hashtags rows (tag, tweet_id, country, created_at): the poster's country and the tweet's moment, what trends count. */
export function* hashtagRows(env: TweetTextEnv, tally: TweetTally): Generator<string> {
  const { plan, users } = env;
  for (let k = 0; k < tally.hashtags.length; k++) {
    const i = tally.hashtags.a(k);
    const author = plan.author[i];
    yield `${copyText(tally.tags[tally.hashtags.b(k)])}\t${seedId(plan.ms[i], author)}\t${COUNTRIES[users.country[author]].code}\t${copyTime(plan.ms[i])}\n`;
  }
}
