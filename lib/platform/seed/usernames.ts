import { foldAscii } from './fold-ascii';
import type { Rng } from './prng';

const MAX_LENGTH = 15;
const CONSONANTS = ['k', 's', 't', 'n', 'h', 'm', 'y', 'r', 'g', 'z', 'd', 'b', 'p', 'sh', 'ch', 'j', 'l', 'v'];
const VOWELS = ['a', 'i', 'u', 'e', 'o', 'a', 'o'];

/** A pronounceable Latin handle for people whose names are in another script. */
function syllables(rng: Rng): string {
  let out = '';
  const count = rng.range(2, 4);
  for (let i = 0; i < count; i++) out += rng.pick(CONSONANTS) + rng.pick(VOWELS);
  return out;
}

function yearDigits(rng: Rng): string {
  const year = rng.range(1965, 2007);
  return rng.chance(0.5) ? String(year) : String(year % 100).padStart(2, '0');
}

/** A handle people of that name would pick, before uniqueness ("mariagarcia", "Maria_G", "mgarcia92"). */
export function personHandle(rng: Rng, first: string, last: string): string {
  let f = foldAscii(first);
  let l = foldAscii(last);
  if (f.length < 2) f = syllables(rng);
  if (l.length < 2) l = rng.chance(0.5) ? syllables(rng) : '';
  const lower = rng.chance(0.55);
  const [a, b] = lower ? [f.toLowerCase(), l.toLowerCase()] : [f, l];
  const r = rng.next();
  if (r < 0.2) return a + b;
  if (r < 0.35) return `${a}_${b}`;
  if (r < 0.5) return a + b + String(rng.range(1, 99));
  if (r < 0.6) return a.charAt(0) + b;
  if (r < 0.72) return a + yearDigits(rng);
  if (r < 0.8) return b + a.charAt(0);
  if (r < 0.86) return `the${a}`;
  if (r < 0.92) return `${a}_${rng.range(1, 999)}`;
  return `${a}${b}_`;
}

/** A brand's handle from its display words ("Verde News" → "VerdeNews"). */
export function brandHandle(rng: Rng, name: string): string {
  const folded = foldAscii(name);
  return folded.length >= 3 ? folded : syllables(rng) + rng.pick(['news', 'tv', 'hq', 'official']);
}

/** Hands out usernames that are valid (^[A-Za-z0-9_]{1,15}$) and unique case-insensitively. */
export class UsernameRegistry {
  private readonly taken = new Set<string>();

  claim(rng: Rng, wanted: string): string {
    let base = wanted.replace(/[^A-Za-z0-9_]/g, '').slice(0, MAX_LENGTH);
    if (base.length === 0) base = syllables(rng);
    if (this.take(base)) return base;
    for (let attempt = 0; ; attempt++) {
      // Longer suffixes as attempts fail, so a crowded base still resolves quickly.
      const suffix = String(rng.range(1, 10 ** Math.min(2 + Math.floor(attempt / 3), 9) - 1));
      const candidate = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
      if (this.take(candidate)) return candidate;
    }
  }

  private take(candidate: string): boolean {
    const key = candidate.toLowerCase();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }
}
