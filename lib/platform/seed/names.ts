import type { Rng } from './prng';
import type { LocaleNames } from './word-pools';

export type PersonName = { name: string; first: string; last: string };

const NAME_EMOJI = ['✨', '🌸', '🌙', '🔥', '⚽', '🎧', '📚', '☕', '🌊', '💫', '🎨', '🏳️‍🌈', '🌻', '🐾'];
// Scripts whose names put the family name first.
const FAMILY_FIRST = new Set(['ja', 'ko', 'vi', 'zh']);

/** The flag emoji of an ISO 3166 alpha-2 code (two regional indicator symbols). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** A person's display name in the way people of the locale write it, sometimes shortened or decorated. */
export function personName(rng: Rng, names: LocaleNames, female: boolean, countryCode: string): PersonName {
  const pool = female ? names.female : names.male;
  const first = rng.pick(pool.first);
  const last = rng.pick(pool.last);
  let name: string;
  if (rng.chance(0.12)) name = first;
  else if (names.lang === 'ko') name = `${last}${first}`;
  else if (FAMILY_FIRST.has(names.lang)) name = rng.chance(0.5) ? `${last}${first}` : `${last} ${first}`;
  else name = `${first} ${last}`;
  const decoration = rng.next();
  if (decoration < 0.06) name = `${name} ${rng.pick(NAME_EMOJI)}`;
  else if (decoration < 0.09) name = `${name} ${flagEmoji(countryCode)}`;
  return { name, first, last };
}

const BRAND_SUFFIXES = ['News', 'Media', 'Official', 'Studio', 'Labs', 'Sports', 'TV', 'Radio', 'Group', 'Store', 'Daily', 'Games'];
const AGENCIES = ['Ministry of Health', 'Weather Service', 'Police', 'Embassy', 'Parliament', 'Statistics Office', 'Transport Authority', 'Space Agency', 'Civil Protection'];

/** A brand's display name from a word of its language. */
export function brandName(rng: Rng, word: string): string {
  const capitalised = word.charAt(0).toUpperCase() + word.slice(1);
  return `${capitalised} ${rng.pick(BRAND_SUFFIXES)}`;
}

/** A public agency's display name. */
export function agencyName(rng: Rng, countryName: string): string {
  return `${countryName} ${rng.pick(AGENCIES)}`;
}
