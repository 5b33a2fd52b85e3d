import { languageProfile, type LanguageProfile } from './languages';
import { Rng } from './prng';
import { languageWords, seedLanguages } from './word-pools';

// A language needs this many distinct content words to read as text rather than a loop of
// the same few; the countries' languages below it are written in a neighbouring language.
const MIN_CONTENT_WORDS = 100;
const FUNCTION_WORD_SHARE = 0.38;

// A fixed shuffle (the same for every seed): which words are frequent should not follow
// faker's alphabetical order.
function shuffled(words: readonly string[], key: string): string[] {
  const out = [...words];
  const rng = Rng.for(0, `vocabulary:${key}`);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

type Vocabulary = { profile: LanguageProfile; common: readonly string[]; proper: readonly string[]; properShare: number };
const vocabularies = new Map<string, Vocabulary>();

function vocabulary(lang: string): Vocabulary {
  let found = vocabularies.get(lang);
  if (!found) {
    const { common, proper } = languageWords(lang);
    // Languages with few everyday words lean more on names, or their text repeats itself.
    const properShare = common.length >= 300 ? 0.12 : common.length >= 100 ? 0.3 : 0.6;
    found = { profile: languageProfile(lang), common: shuffled(common, `${lang}:common`), proper: shuffled(proper, `${lang}:proper`), properShare };
    vocabularies.set(lang, found);
  }
  return found;
}

let writable: string[] | undefined;

/** The languages the seed writes (those with enough words), in a stable order. */
export function writableLanguages(): string[] {
  writable ??= seedLanguages().filter((lang) => {
    const words = languageWords(lang);
    return words.common.length + words.proper.length >= MIN_CONTENT_WORDS;
  });
  return writable;
}

/** Whether the seed writes text in this language. */
export function isWritable(lang: string): boolean {
  return writableLanguages().includes(lang);
}

/** A content word of the language; a few words are common and most are rare, as in real text. */
export function contentWord(rng: Rng, lang: string): string {
  const { common, proper, properShare } = vocabulary(lang);
  return rng.chance(properShare) || common.length === 0 ? rng.pickSkewed(proper, 2) : rng.pickSkewed(common, 2);
}

/** Words for a sentence of `min`..`max` words, mixing the language's grammar words with content words. */
export function sentenceWords(rng: Rng, lang: string, min: number, max: number): string[] {
  const { profile } = vocabulary(lang);
  const count = rng.range(min, max);
  const out: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = rng.chance(FUNCTION_WORD_SHARE) ? rng.pick(profile.functionWords) : contentWord(rng, lang);
  }
  return out;
}

/** Hashtags, mentions, cashtags and links keep spaces around them even in scripts written without spaces, or they would not parse as entities. */
function isEntity(token: string): boolean {
  const c = token.charCodeAt(0);
  return c === 35 /* # */ || c === 64 /* @ */ || c === 36 /* $ */ || token.startsWith('http');
}

/** Joins words as the language writes them, with a capital first letter and an ending. */
export function writeSentence(rng: Rng, lang: string, words: readonly string[], ending = true): string {
  const { profile } = vocabulary(lang);
  let out = '';
  for (let i = 0; i < words.length; i++) {
    if (i > 0) out += profile.joiner === '' && !isEntity(words[i]) && !isEntity(words[i - 1]) ? '' : ' ';
    out += words[i];
  }
  if (profile.cased && out.length > 0 && !isEntity(words[0])) out = out.charAt(0).toUpperCase() + out.slice(1);
  return ending ? out + rng.pick(profile.endings) : out;
}

/** A sentence of `min`..`max` words in the language. */
export function sentence(rng: Rng, lang: string, min: number, max: number): string {
  return writeSentence(rng, lang, sentenceWords(rng, lang, min, max));
}
