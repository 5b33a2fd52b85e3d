import { COUNTRIES } from '@/lib/platform/countries';
import { languageProfile } from './languages';
import { Rng } from './prng';
import { contentWord } from './sentences';

// Hashtags the seed's tweets use. Trends are hashtag volume per country in a sliding window,
// so each country gets its own hot tags in the last day before the anchor (trends differ by
// country), the world a few shared ones, and older days their own short bursts.

const TAG_BODY = /^[\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*$/u;
const EVERGREEN_PER_LANGUAGE = 60;
const HOT_PER_COUNTRY = 6;
const BURSTS_PER_DAY = 3;
const GLOBAL_EVERGREEN = [
  'AI', 'NowPlaying', 'Crypto', 'Football', 'Music', 'Travel', 'Photography', 'Tech', 'News', 'Gaming', 'Startup', 'Art',
  'Fitness', 'Foodie', 'Movies', 'Science', 'Climate', 'Design', 'OpenSource', 'Bitcoin', 'Monday', 'TBT', 'Weekend', 'Coffee', 'Books',
];
const EVENT_SUFFIXES = ['Final', 'Live', 'Day', 'Awards', 'Launch', 'Summit', 'Cup', 'Week', 'Fest'];

/** A hashtag body from words (CamelCase where the script has case), or null when it would not parse as one. */
export function makeTag(words: readonly string[], cased: boolean): string | null {
  const tag = words
    .map((w) => w.replace(/[^\p{L}\p{M}\p{N}_]/gu, ''))
    .map((w) => (cased ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join('');
  const length = Array.from(tag).length;
  return length >= 2 && length <= 28 && TAG_BODY.test(tag) ? tag : null;
}

/** The seed's hashtags: evergreen ones per language, hot ones per country, bursts per day. */
export class TagBook {
  readonly globalEvergreen: readonly string[] = GLOBAL_EVERGREEN;
  readonly globalHot: readonly string[];
  private readonly evergreenByLanguage = new Map<string, string[]>();
  private readonly hotByCountry: string[][];
  private readonly bursts = new Map<string, string[]>();
  private readonly used = new Set<string>(GLOBAL_EVERGREEN.map((t) => t.toLowerCase()));

  constructor(
    private readonly seed: number,
    /** The writing language of each country (index into COUNTRIES). */
    countryLanguages: readonly string[],
  ) {
    const rng = Rng.for(seed, 'hashtags');
    this.globalHot = Array.from({ length: 3 }, () =>
      unique(rng, this.used, () => makeTag([contentWord(rng, 'en'), rng.pick(EVENT_SUFFIXES)], true)),
    );
    this.hotByCountry = COUNTRIES.map((country, c) => {
      const lang = countryLanguages[c];
      const cased = languageProfile(lang).cased;
      return Array.from({ length: HOT_PER_COUNTRY }, () =>
        unique(rng, this.used, () => {
          const r = rng.next();
          if (r < 0.6) return makeTag([contentWord(rng, lang), contentWord(rng, lang)], cased);
          if (r < 0.75) return makeTag([contentWord(rng, lang), country.code], cased);
          return makeTag([contentWord(rng, lang)], cased);
        }),
      );
    });
  }

  /** Tags a language's tweets carry all the time, most popular first. */
  evergreen(lang: string): readonly string[] {
    let tags = this.evergreenByLanguage.get(lang);
    if (!tags) {
      const rng = Rng.for(this.seed, 'evergreen', ...Array.from(lang, (c) => c.charCodeAt(0)));
      const cased = languageProfile(lang).cased;
      const taken = new Set(this.used);
      tags = Array.from({ length: EVERGREEN_PER_LANGUAGE }, () => unique(rng, taken, () => makeTag([contentWord(rng, lang)], cased)));
      this.evergreenByLanguage.set(lang, tags);
    }
    return tags;
  }

  /** The tags one country is talking about in the last day: its trends. */
  hot(country: number): readonly string[] {
    return this.hotByCountry[country];
  }

  /** A language's burst tags of one older day (days counted back from the anchor). */
  burst(lang: string, day: number): readonly string[] {
    const key = `${lang}:${day}`;
    let tags = this.bursts.get(key);
    if (!tags) {
      const rng = Rng.for(this.seed, 'burst', day, ...Array.from(lang, (c) => c.charCodeAt(0)));
      const cased = languageProfile(lang).cased;
      const taken = new Set(this.used);
      tags = Array.from({ length: BURSTS_PER_DAY }, () =>
        unique(rng, taken, () => makeTag([contentWord(rng, lang), contentWord(rng, lang)], cased)),
      );
      this.bursts.set(key, tags);
    }
    return tags;
  }
}

/**
 * A tag not in `taken` (which it joins). Hot tags are distinct across countries, or their
 * trends would look alike; the lazily made lists (evergreen, bursts) start from a copy of the
 * hot set, so their contents never depend on the order they are first asked for.
 */
function unique(rng: Rng, taken: Set<string>, make: () => string | null): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const tag = make();
    if (tag && !taken.has(tag.toLowerCase())) {
      taken.add(tag.toLowerCase());
      return tag;
    }
  }
  // A language with few words ran out of fresh combinations: number the tag instead.
  for (let k = 2; ; k++) {
    const tag = `${make() ?? 'Tag'}${k}`;
    if (!taken.has(tag.toLowerCase())) {
      taken.add(tag.toLowerCase());
      return tag;
    }
  }
}
