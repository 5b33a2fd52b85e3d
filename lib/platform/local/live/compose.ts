import { tweetLength } from '@/lib/platform/entities';
import type { Rng } from '@/lib/platform/seed/prng';
import { sentenceWords, writeSentence } from '@/lib/platform/seed/sentences';
import type { HotTags } from './hot-tags';

const MAX_LENGTH = 280;

export type ComposeOptions = {
  lang: string;
  country: string | null;
  hashtags: number;
  /** A user named in the text. */
  mention?: string;
  /** The replied-to author, who opens a reply's text. */
  replyTo?: string;
};

/**
 * A live tweet's text in a language, written with the generator's vocabulary and sentence
 * rules (so live and seeded tweets read alike), with hot hashtags of the author's country,
 * within 280 code points.
 */
export function composeTweet(rng: Rng, tags: HotTags, options: ComposeOptions): string {
  const words = sentenceWords(rng, options.lang, options.replyTo ? 3 : 4, options.replyTo ? 10 : 14);
  const hashtags = [...new Set(Array.from({ length: options.hashtags }, () => `#${tags.draw(options.country, options.lang)}`))];
  const compose = () =>
    [options.replyTo ? `@${options.replyTo}` : '', writeSentence(rng, options.lang, words), options.mention ? `@${options.mention}` : '', ...hashtags]
      .filter(Boolean)
      .join(' ')
      .normalize('NFC');
  let text = compose();
  // Words go before entities do: a tag or mention is never cut.
  while (tweetLength(text) > MAX_LENGTH && words.length > 1) {
    words.pop();
    text = compose();
  }
  return text;
}
