// Scripts that name their language well enough for `lang:` search. Cyrillic with letters
// only Ukrainian uses is Ukrainian; kana decides Japanese over Chinese.
const SCRIPTS: Array<[RegExp, string]> = [
  [/[\u3040-\u30ff]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Greek}/u, 'el'],
  [/[іїєґІЇЄҐ]/u, 'uk'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Devanagari}/u, 'hi'],
];

// Latin-script languages differ in their most frequent words; a few per language tell the
// common ones apart in a sentence or two.
const STOPWORDS: Record<string, ReadonlySet<string>> = {
  en: new Set(['the', 'and', 'is', 'are', 'this', 'that', 'with', 'for', 'you', 'of', 'to', 'it']),
  es: new Set(['el', 'los', 'las', 'que', 'es', 'por', 'con', 'para', 'una', 'del', 'pero', 'muy']),
  fr: new Set(['le', 'les', 'est', 'et', 'une', 'des', 'pour', 'avec', 'dans', 'pas', 'je', 'du']),
  de: new Set(['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'ein', 'eine', 'ich', 'auf', 'für']),
  pt: new Set(['o', 'os', 'não', 'uma', 'com', 'para', 'que', 'é', 'em', 'do', 'da', 'mas']),
  it: new Set(['il', 'gli', 'che', 'è', 'una', 'per', 'con', 'non', 'sono', 'della', 'ma', 'anche']),
  nl: new Set(['het', 'een', 'niet', 'ook', 'zijn', 'van', 'met', 'voor', 'ik', 'op', 'dat']),
};

/** A best guess at a tweet's language from its words and script; null when the text does not say. */
export function detectLang(text: string): string | null {
  // Links, mentions and tags are not words of any language.
  const words = text.replace(/https?:\/\/\S+|[@#＠＃]\S+/gu, ' ');
  for (const [pattern, lang] of SCRIPTS) if (pattern.test(words)) return lang;
  const tokens = words.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  let best: string | null = null;
  let bestScore = 0;
  let tied = false;
  for (const [lang, stopwords] of Object.entries(STOPWORDS)) {
    const score = tokens.filter((t) => stopwords.has(t)).length;
    if (score > bestScore) [best, bestScore, tied] = [lang, score, false];
    else if (score === bestScore && score > 0) tied = true;
  }
  return tied ? null : best;
}
