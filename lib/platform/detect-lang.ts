import type { eld as Eld } from 'eld/medium';

// A written tweet's language comes from eld (Efficient Language Detector, n-gram based, chosen
// for short texts: on 110 tweet-length sentences in 24 languages it named 107 right and left
// all 24 texts too short to tell unnamed, ahead of franc, cld3-asm, tinyld and lande; the
// commit that brought it has the figures). Its `medium` database is as accurate as `large` on
// those texts at a quarter of the heap (about 40 MB); it is loaded by the first tweet that
// needs it, so a process that never writes one never pays for it.

let detector: Promise<typeof Eld> | null = null;

function loadDetector(): Promise<typeof Eld> {
  detector ??= import('eld/medium').then((module) => module.eld);
  return detector;
}

// eld names Norwegian by its macrolanguage; the seed and `lang:` use Bokmål's code, as X does.
const CODES: Readonly<Record<string, string>> = { no: 'nb' };

// Links, mentions and tags are not words of any language.
const NOT_WORDS = /https?:\/\/\S+|[@#＠＃]\S+/gu;

/**
 * The language of a tweet's text as an ISO 639-1 code ('en', 'ja'), or null when the text is
 * too short or too mixed to tell: eld must call its answer reliable (at least three n-grams,
 * a score near that language's average and clearly ahead of the next).
 */
export async function detectLang(text: string): Promise<string | null> {
  const words = text.replace(NOT_WORDS, ' ').trim();
  if (!/\p{L}/u.test(words)) return null;
  const result = (await loadDetector()).detect(words);
  if (!result.language || !result.isReliable()) return null;
  return CODES[result.language] ?? result.language;
}
