import { allLocales } from '@faker-js/faker';
import { COUNTRIES } from '@/lib/platform/countries';
import { languageOfLocale } from './languages';

// Word and name pools read once from faker's locale definitions, then sampled with the
// seed's own generator: calling faker per word would be far too slow for a million tweets,
// and faker's global RNG would tie the output to call order.

export type LocaleNames = {
  locale: string;
  lang: string;
  female: { first: readonly string[]; last: readonly string[] };
  male: { first: readonly string[]; last: readonly string[] };
  /** City (or, where faker has none, region) names. */
  places: readonly string[];
};

export type LanguageWords = {
  lang: string;
  /** Everyday words: faker's word lists, colours, products, months, jobs. */
  common: readonly string[];
  /** Names of places, animals, vehicles, books: they season text but would drown it. */
  proper: readonly string[];
};

type Definitions = Record<string, unknown>;

// Sections whose strings are words of the locale's language; the rest are formats, codes
// or patterns.
const COMMON_SECTIONS = ['word', 'lorem', 'hacker', 'commerce', 'color', 'food', 'company', 'date', 'location.direction', 'person.job_area', 'person.job_type'];
const PROPER_SECTIONS = ['animal', 'music', 'book', 'team', 'vehicle', 'science', 'location.city_name', 'location.state'];
const SKIPPED_PATHS = ['location.country', 'commerce.product_name.material', 'company.legal_entity_type', 'company.suffix', 'company.prefix', 'finance', 'hacker.abbreviation', 'science.chemical_element', 'book.author', 'book.publisher', 'vehicle.vin', 'vehicle.vrm'];
// Faker fills lorem for many locales with Latin ("lorem ipsum") or pseudo-text, not the language.
const PSEUDO_LOREM = ['consequatur', 'ābduco', 'abduco', 'לורם', 'دگاس'];

const WORD = /^[\p{L}][\p{L}\p{M}'’-]*$/u;

function stringsUnder(value: unknown, path: string, out: string[]): void {
  if (SKIPPED_PATHS.some((skipped) => path === skipped || path.startsWith(`${skipped}.`))) return;
  if (typeof value === 'string') {
    if (!value.includes('{{') && !value.includes('#')) out.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) stringsUnder(item, path, out);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) stringsUnder(item, `${path}.${key}`, out);
  }
}

function sectionValue(definitions: Definitions, path: string): unknown {
  let value: unknown = definitions;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function localeWords(locale: string, sections: readonly string[]): string[] {
  const definitions = (allLocales as unknown as Record<string, Definitions>)[locale];
  const raw: string[] = [];
  for (const section of sections) {
    const value = sectionValue(definitions, section);
    if (section === 'lorem') {
      const lorem = (value as { word?: string[] } | undefined)?.word ?? [];
      if (lorem.some((w) => PSEUDO_LOREM.includes(w)) || locale === 'ur') continue;
    }
    stringsUnder(value, section, raw);
  }
  const words: string[] = [];
  for (const phrase of raw) {
    for (const token of phrase.normalize('NFC').split(/\s+/u)) {
      const word = token.replace(/^[^\p{L}]+|[^\p{L}\p{M}]+$/gu, '');
      if (word.length >= 2 && WORD.test(word)) words.push(word);
    }
  }
  return words;
}

function names(definitions: Definitions, kind: 'first_name' | 'last_name', sex: 'female' | 'male'): string[] {
  const value = (definitions.person as Record<string, unknown> | undefined)?.[kind];
  const byKind = (value ?? {}) as Record<string, string[] | undefined>;
  const list = Array.isArray(value) ? (value as string[]) : (byKind[sex] ?? byKind.generic ?? []);
  return list.map((n) => n.normalize('NFC'));
}

function dedupe(items: Iterable<string>): string[] {
  return [...new Set(items)];
}

let cache: { locales: Map<string, LocaleNames>; languages: Map<string, LanguageWords> } | undefined;

function build() {
  const localeCodes = dedupe(COUNTRIES.flatMap((c) => c.locales));
  const locales = new Map<string, LocaleNames>();
  const wordsByLang = new Map<string, { common: string[]; proper: string[] }>();
  const en = allLocales.en as unknown as Definitions;
  for (const locale of localeCodes) {
    const definitions = (allLocales as unknown as Record<string, Definitions>)[locale];
    if (!definitions) throw new Error(`faker has no locale "${locale}"`);
    const lang = languageOfLocale(locale);
    const pick = (kind: 'first_name' | 'last_name', sex: 'female' | 'male') => {
      const own = names(definitions, kind, sex);
      return own.length > 0 ? own : names(en, kind, sex);
    };
    const location = (definitions.location ?? {}) as Record<string, unknown>;
    const places = dedupe(
      [...((location.city_name as string[] | undefined) ?? []), ...((location.state as string[] | undefined) ?? [])].filter(
        (p) => !p.includes('{{') && !p.includes('#'),
      ),
    );
    locales.set(locale, {
      locale,
      lang,
      female: { first: pick('first_name', 'female'), last: pick('last_name', 'female') },
      male: { first: pick('first_name', 'male'), last: pick('last_name', 'male') },
      places: places.length > 0 ? places : ((en.location as Record<string, string[]>).city_name ?? []),
    });
    const words = wordsByLang.get(lang) ?? { common: [], proper: [] };
    words.common.push(...localeWords(locale, COMMON_SECTIONS));
    words.proper.push(...localeWords(locale, PROPER_SECTIONS));
    wordsByLang.set(lang, words);
  }
  const languages = new Map<string, LanguageWords>();
  for (const [lang, words] of wordsByLang) {
    const common = dedupe(words.common);
    const seen = new Set(common);
    languages.set(lang, { lang, common, proper: dedupe(words.proper).filter((w) => !seen.has(w)) });
  }
  return { locales, languages };
}

/** Names and places of a faker locale (one of the countries' locales). */
export function localeNames(locale: string): LocaleNames {
  cache ??= build();
  const found = cache.locales.get(locale);
  if (!found) throw new Error(`no names for locale "${locale}"`);
  return found;
}

/** Content words of a language (one of the countries' languages). */
export function languageWords(lang: string): LanguageWords {
  cache ??= build();
  const found = cache.languages.get(lang);
  if (!found) throw new Error(`no words for language "${lang}"`);
  return found;
}

/** Every language the countries' locales write, in a stable order. */
export function seedLanguages(): string[] {
  cache ??= build();
  return [...cache.languages.keys()];
}
