import { languageProfile } from '@/lib/platform/seed/languages';
import { makeTag } from '@/lib/platform/seed/hashtags';
import type { Rng } from '@/lib/platform/seed/prng';
import { contentWord } from '@/lib/platform/seed/sentences';

type HotTag = { tag: string; heat: number };

// A burst starts hot and cools a little with every tweet from its country, so trends rise
// and fall within minutes at the default rate instead of freezing on the first tags drawn.
const BURST_HEAT = 30;
const COOLING = 0.985;
const FORGET_BELOW = 0.5;
const BURST_CHANCE = 0.04;

/**
 * Trending-style hashtags per country (trends are counted per country): bursts made of the
 * generator's words in the country's language that heat up, get reused, and cool off.
 */
export class HotTags {
  private readonly byCountry = new Map<string, HotTag[]>();

  constructor(private readonly rng: Rng) {}

  /** A hashtag (without '#') for a tweet from `country` written in `lang`, most often one of its hot ones. */
  draw(country: string | null, lang: string): string {
    const key = country ?? 'WW';
    const hot = (this.byCountry.get(key) ?? []).filter((entry) => (entry.heat *= COOLING) >= FORGET_BELOW);
    this.byCountry.set(key, hot);
    if (hot.length === 0 || this.rng.chance(BURST_CHANCE)) return this.ignite(hot, lang);
    let target = this.rng.next() * hot.reduce((sum, entry) => sum + entry.heat, 0);
    for (const entry of hot) {
      target -= entry.heat;
      if (target < 0) {
        entry.heat += 1; // being used keeps a tag trending
        return entry.tag;
      }
    }
    return hot[hot.length - 1].tag;
  }

  private ignite(hot: HotTag[], lang: string): string {
    const cased = languageProfile(lang).cased;
    const words = Array.from({ length: this.rng.chance(0.6) ? 2 : 1 }, () => contentWord(this.rng, lang));
    // makeTag refuses words that cannot form a tag; a year is a tag in any script.
    const tag = makeTag(words, cased) ?? `${words[0].replace(/[^\p{L}\p{M}\p{N}_]/gu, '')}${new Date().getUTCFullYear()}`;
    const existing = hot.find((entry) => entry.tag === tag);
    if (existing) existing.heat += BURST_HEAT;
    else hot.push({ tag, heat: BURST_HEAT });
    return tag;
  }
}
