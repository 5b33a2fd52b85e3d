import { tweetLength } from '@/lib/platform/entities';
import { retweetText } from '@/lib/platform/local/write/retweet-text';
import type { Audience } from './audience';
import { foldAscii } from './fold-ascii';
import type { TagBook } from './hashtags';
import { Rng } from './prng';
import { contentWord, sentence, sentenceWords, writeSentence } from './sentences';
import { ORIGINAL, REPLY, RETWEET, type TweetPlan } from './tweet-plan';
import type { UserModel } from './users';

export type TweetTextEnv = {
  seed: number;
  anchorMs: number;
  users: UserModel;
  plan: TweetPlan;
  tags: TagBook;
  audience: Audience;
  communityIds: readonly string[];
};

const DAY_MS = 86_400_000;
/** The hashtag (without '#') the documentation's examples search for. */
export const SHOWCASE_TAG = 'perch';
const MAX_LENGTH = 280;
const EMOJI = ['😂', '🔥', '❤️', '👀', '🙏', '✨', '🎉', '💯', '😍', '🤔', '👏', '😭', '🚀', '🙌', '😅', '💪', '🌍', '⚽', '🎶', '📸'];
const CASHTAGS = ['AAPL', 'TSLA', 'NVDA', 'BTC', 'ETH', 'MSFT', 'AMZN', 'GOOGL', 'META', 'SOL'];
const LINK_HOSTS = ['news.example.com', 'blog.example.org', 'example.net', 'shop.example.com', 'video.example.tv'];

/** The hashtags a tweet carries: its country's hot tags in the last day, older bursts, evergreen ones. */
function chooseTags(rng: Rng, env: TweetTextEnv, lang: string, country: number, ms: number): string[] {
  const age = env.anchorMs - ms;
  const tags: string[] = [];
  if (age < DAY_MS) {
    if (rng.chance(0.42)) tags.push(rng.pickSkewed(env.tags.hot(country), 2));
    if (rng.chance(0.07)) tags.push(rng.pickSkewed(env.tags.globalHot, 2));
  } else if (rng.chance(0.12)) {
    tags.push(rng.pick(env.tags.burst(lang, Math.floor(age / DAY_MS))));
  }
  if (rng.chance(0.16)) tags.push(rng.pickSkewed(env.tags.evergreen(lang), 2));
  if (rng.chance(0.05)) tags.push(rng.pickSkewed(env.tags.globalEvergreen, 1.5));
  // The documentation's examples search #perch: a steady trickle of English tweets carries it.
  if (lang === 'en' && rng.chance(0.015)) tags.push(SHOWCASE_TAG);
  return [...new Set(tags)];
}

function link(rng: Rng, lang: string, ms: number): string {
  const date = new Date(ms);
  const slug = [contentWord(rng, lang), contentWord(rng, lang)].map((w) => foldAscii(w).toLowerCase()).filter(Boolean).join('-') || 'post';
  return `https://${rng.pick(LINK_HOSTS)}/${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${slug}-${rng.range(100, 99999)}`;
}

/**
 * The text of tweet `i`: a pure function of (seed, i) and the plan, so a retweet can rebuild
 * its original's text instead of keeping every text in memory. Replies open with the
 * replied-to author's @username; retweets are "RT @author: <original>" as live retweets are.
 */
export function tweetText(env: TweetTextEnv, i: number): string {
  const { plan, users } = env;
  const kind = plan.kind[i];
  if (kind === RETWEET) {
    const original = plan.ref[i];
    return retweetText(users.usernames[plan.author[original]], tweetText(env, original));
  }
  const rng = Rng.for(env.seed, 'text', i);
  const author = plan.author[i];
  const lang = users.languages[plan.lang[i]];
  const country = users.country[author];
  const reply = kind === REPLY;

  const words = sentenceWords(rng, lang, reply ? 3 : 5, reply ? 12 : 18);
  const tags = chooseTags(rng, env, lang, country, plan.ms[i]);
  // Some tags sit inside the sentence, the rest trail it.
  if (tags.length > 0 && rng.chance(0.25)) words.splice(rng.int(words.length + 1), 0, `#${tags.shift()}`);
  let mention: string | null = null;
  if (!reply && rng.chance(0.08)) {
    const mentioned = env.audience.pick(rng, country, 0.5);
    if (mentioned !== author) mention = `@${users.usernames[mentioned]}`;
  }
  const mentionFirst = rng.chance(0.5);
  const second = kind === ORIGINAL && rng.chance(0.25) ? sentence(rng, lang, 3, 10) : '';
  const cashtag = rng.chance(0.02) ? `$${rng.pick(CASHTAGS)}` : '';
  const url = kind !== REPLY && rng.chance(0.05) ? link(rng, lang, plan.ms[i]) : '';
  const emoji = rng.chance(0.15) ? rng.pick(EMOJI) + (rng.chance(0.3) ? rng.pick(EMOJI) : '') : '';
  const tagBreak = rng.chance(0.3) ? '\n\n' : ' ';
  const parent = plan.ref[i];
  const replyTo = reply && plan.author[parent] !== author ? `@${users.usernames[plan.author[parent]]} ` : '';
  const ending = rng.next();

  const compose = (body: string[]): string => {
    let text = replyTo;
    if (mention && mentionFirst) text += `${mention} `;
    text += writeSentence(rng, lang, body, false);
    text += ending < 0.8 ? endingMark(lang, ending) : '';
    if (second) text += ` ${second}`;
    if (mention && !mentionFirst) text += ` ${mention}`;
    if (cashtag) text += ` ${cashtag}`;
    if (emoji) text += ` ${emoji}`;
    if (url) text += ` ${url}`;
    if (tags.length > 0) text += tagBreak + tags.map((t) => `#${t}`).join(' ');
    return text.normalize('NFC');
  };
  let text = compose(words);
  // Drop trailing words until the tweet fits (entities are never cut).
  while (tweetLength(text) > MAX_LENGTH && words.length > 1) {
    words.pop();
    text = compose(words);
  }
  return text;
}

// The sentence ending is drawn before composing, so shortening a tweet never changes later draws.
function endingMark(lang: string, draw: number): string {
  const marks: Record<string, string> = { ja: '。', ur: '۔', th: '' };
  if (draw < 0.5) return marks[lang] ?? '.';
  if (draw < 0.65) return '!';
  if (draw < 0.75) return lang === 'el' ? ';' : lang === 'ar' || lang === 'ur' ? '؟' : '?';
  return '…';
}
