import { COUNTRIES } from '@/lib/platform/countries';
import type { SeedContext } from './context';
import { countryWeights } from './country-weights';
import { seedId, spreadTies } from './ids';
import { languageOfLocale } from './languages';
import { agencyName, brandName, personName } from './names';
import { Rng } from './prng';
import { AliasTable } from './sampling';
import { contentWord, isWritable, writableLanguages } from './sentences';
import { UsernameRegistry, brandHandle, personHandle } from './usernames';
import { localeNames } from './word-pools';

export const VERIFIED_TYPES = ['none', 'blue', 'business', 'government'] as const;

/** The users of a seed, column-wise: typed arrays where it counts at bench scale. */
export type UserModel = {
  count: number;
  ids: string[];
  createdMs: Float64Array;
  /** Index into COUNTRIES. */
  country: Uint8Array;
  /** The faker locale of each user's name. */
  locale: string[];
  /** Index into `languages`: the language a user mostly writes, and the other one. */
  lang: Uint8Array;
  altLang: Uint8Array;
  languages: string[];
  usernames: string[];
  names: string[];
  /** 0 = most followed. */
  rank: Int32Array;
  /** User index by rank. */
  byRank: Int32Array;
  /** Follow and engagement weight: Zipf in rank. */
  popularity: Float64Array;
  /** How much a user posts, relative to others. */
  activity: Float64Array;
  /** Index into VERIFIED_TYPES. */
  verified: Uint8Array;
  protected: Uint8Array;
  /** User indices per country, most followed first. */
  byCountry: Int32Array[];
  /** User indices per writing language. */
  byLanguage: Int32Array[];
  /** Lower-case username → user index. */
  indexByUsername: Map<string, number>;
};

const DAY_MS = 86_400_000;
// Accounts date from the platform's first years up to just before the activity window; the
// range does not depend on the anchor (while the anchor is recent), so user ids stay the same
// across reseeds with the same seed.
const FIRST_ACCOUNT_MS = Date.UTC(2010, 10, 6);
const LAST_ACCOUNT_MS = Date.UTC(2025, 0, 1);
export const FOLLOW_ZIPF = 1.1;
const SHARE = { blue: 0.045, business: 0.004, government: 0.0012 };

function pickLocale(rng: Rng, locales: readonly string[]): string {
  if (locales.length === 1 || rng.chance(0.78)) return locales[0];
  return locales[1 + rng.int(locales.length - 1)];
}

function groupBy(count: number, keyOf: (i: number) => number, groups: number, order?: Int32Array): Int32Array[] {
  const buckets: number[][] = Array.from({ length: groups }, () => []);
  for (let k = 0; k < count; k++) {
    const i = order ? order[k] : k;
    buckets[keyOf(i)].push(i);
  }
  return buckets.map((b) => Int32Array.from(b));
}

/** Chooses `count` distinct users, favouring high `bias` (weighted sampling without replacement by exponential keys). */
function chooseBiased(rng: Rng, candidates: number[], bias: (i: number) => number, count: number): number[] {
  const keyed = candidates.map((i) => ({ i, key: rng.exponential(1) / bias(i) }));
  keyed.sort((a, b) => a.key - b.key || a.i - b.i);
  return keyed.slice(0, count).map((k) => k.i);
}

/** Generates the seed's users: where they live, what they write in, who they are and how followed they will be. */
/** The username the documentation's examples use; the seed gives it to one generated user. */
export const SHOWCASE_USERNAME = 'jack';

/** The user who gets SHOWCASE_USERNAME: the first fitting one from rank 10 on (or any fitting one on a tiny platform). */
function showcaseUser(byRank: Int32Array, fits: (i: number) => boolean): number {
  const ranked = Array.from(byRank);
  return ranked.slice(10).find(fits) ?? ranked.find(fits) ?? ranked[0];
}

export function generateUsers(ctx: SeedContext): UserModel {
  const n = ctx.config.users;
  const rng = Rng.for(ctx.seed, 'users');
  ctx.progress.start('accounts', n);

  const languages = writableLanguages();
  const langIndex = new Map(languages.map((l, i) => [l, i]));
  const countryTable = new AliasTable(countryWeights());
  const country = new Uint8Array(n);
  const locale: string[] = new Array(n);
  const lang = new Uint8Array(n);
  const altLang = new Uint8Array(n);
  const english = langIndex.get('en')!;
  for (let i = 0; i < n; i++) {
    // The first accounts go round the countries, so every country has people at any scale.
    const c = i < 2 * COUNTRIES.length ? i % COUNTRIES.length : countryTable.sample(rng);
    country[i] = c;
    const place = COUNTRIES[c];
    locale[i] = pickLocale(rng, place.locales);
    const own = languageOfLocale(locale[i]);
    // A language faker has too few words for is written in the country's other language, or English.
    const spoken = [own, ...place.locales.map(languageOfLocale)].find(isWritable) ?? 'en';
    lang[i] = rng.chance(0.07) ? english : langIndex.get(spoken)!;
    const other = place.locales.map(languageOfLocale).find((l) => isWritable(l) && langIndex.get(l) !== lang[i]);
    altLang[i] = lang[i] !== english ? english : langIndex.get(other ?? 'en')!;
  }

  const accountsEnd = Math.min(LAST_ACCOUNT_MS, ctx.windowStartMs - DAY_MS);
  const createdMs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // More accounts in later years: the platform grew.
    const x = (i + rng.next() * 0.99) / n;
    createdMs[i] = Math.floor(FIRST_ACCOUNT_MS + (accountsEnd - FIRST_ACCOUNT_MS) * x ** 0.6);
  }
  spreadTies(createdMs);
  const ids = Array.from(createdMs, (ms, i) => seedId(ms, i));

  // Popularity: a random order leaning toward older accounts, then Zipf weights by rank.
  const popularityKey = Array.from(createdMs, (_, i) => ({ i, key: rng.logNormal(1) * (1 + 2 * (1 - i / n)) }));
  popularityKey.sort((a, b) => b.key - a.key || a.i - b.i);
  const byRank = Int32Array.from(popularityKey, (k) => k.i);
  const rank = new Int32Array(n);
  byRank.forEach((user, r) => (rank[user] = r));
  const popularity = Float64Array.from(rank, (r) => 1 / (r + 1) ** FOLLOW_ZIPF);
  // Well-followed accounts post more.
  const activity = Float64Array.from(popularity, (p) => rng.logNormal(1.1) * (1 + 8 * Math.sqrt(p)));

  // Verification: exact shares, the most followed far more likely to have it.
  const verified = new Uint8Array(n);
  const everyone = Array.from({ length: n }, (_, i) => i);
  const bias = (i: number) => (rank[i] < n * 0.005 ? 40 : rank[i] < n * 0.05 ? 5 : 1);
  const pickedBusiness = chooseBiased(rng, everyone, bias, Math.max(1, Math.round(n * SHARE.business)));
  for (const i of pickedBusiness) verified[i] = 2;
  const rest1 = everyone.filter((i) => verified[i] === 0);
  for (const i of chooseBiased(rng, rest1, bias, Math.max(1, Math.round(n * SHARE.government)))) verified[i] = 3;
  const rest2 = everyone.filter((i) => verified[i] === 0);
  for (const i of chooseBiased(rng, rest2, bias, Math.round(n * SHARE.blue))) verified[i] = 1;
  const isProtected = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (verified[i] === 0 && rank[i] > n * 0.02 && rng.chance(0.015)) isProtected[i] = 1;

  const registry = new UsernameRegistry();
  const usernames: string[] = new Array(n);
  const names: string[] = new Array(n);
  const indexByUsername = new Map<string, number>();
  // The README's and docs' examples name @jack: one well-followed English-speaking person
  // (not among the very top, so that it does not dominate popular results) always has that name.
  const showcase = showcaseUser(byRank, (i) => languages[lang[i]] === 'en' && verified[i] < 2 && isProtected[i] === 0);
  registry.claim(rng, SHOWCASE_USERNAME);
  for (let i = 0; i < n; i++) {
    const place = COUNTRIES[country[i]];
    if (i === showcase) {
      const person = personName(rng, localeNames(locale[i]), rng.chance(0.5), place.code);
      names[i] = `Jack ${person.last}`.trim();
      usernames[i] = SHOWCASE_USERNAME;
    } else if (verified[i] === 2) {
      const word = contentWord(rng, languages[lang[i]]);
      names[i] = brandName(rng, word);
      usernames[i] = registry.claim(rng, brandHandle(rng, names[i]));
    } else if (verified[i] === 3) {
      names[i] = agencyName(rng, place.name);
      usernames[i] = registry.claim(rng, `${place.code}${names[i].split(' ').slice(-2).join('')}`);
    } else {
      const person = personName(rng, localeNames(locale[i]), rng.chance(0.5), place.code);
      names[i] = person.name;
      usernames[i] = registry.claim(rng, personHandle(rng, person.first, person.last));
    }
    indexByUsername.set(usernames[i].toLowerCase(), i);
    ctx.progress.tick(i);
  }
  ctx.progress.finish();

  return {
    count: n,
    ids,
    createdMs,
    country,
    locale,
    lang,
    altLang,
    languages,
    usernames,
    names,
    rank,
    byRank,
    popularity,
    activity,
    verified,
    protected: isProtected,
    byCountry: groupBy(n, (i) => country[i], COUNTRIES.length, byRank),
    byLanguage: groupBy(n, (i) => lang[i], languages.length),
    indexByUsername,
  };
}
