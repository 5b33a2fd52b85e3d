import type { SeedContext } from './context';
import { copyText, copyTextArray, copyTime } from './copy-text';
import { seedId } from './ids';
import { languageProfile } from './languages';
import { Rng } from './prng';
import { apportion, zipfWeights } from './sampling';
import { contentWord, sentence } from './sentences';
import type { UserModel } from './users';

/** What tweets need to know about communities: each user's first community and when they joined it. */
export type CommunityModel = {
  count: number;
  ids: string[];
  /** Per user: the community they post in (-1 for none). */
  primary: Int32Array;
  joinedMs: Float64Array;
};

export type CommunityRows = { model: CommunityModel; communities: string[]; members: string[] };

const RULES = [
  'Be kind and respectful.',
  'No spam or self-promotion.',
  'Stay on topic.',
  'No hate speech or harassment.',
  'Credit original creators.',
  'No NSFW content.',
  'Search before you post.',
  'No personal information about others.',
  'Follow the platform rules.',
  'Use clear titles for questions.',
];
const NAME_SUFFIXES = ['Club', 'Community', 'Collective', 'Hub', 'Circle', 'Fans', 'Network', 'Society', 'Lounge', 'Corner'];
const DAY_MS = 86_400_000;
const MAX_SEQUENCE = 4_194_304;

/** `count` distinct items in a random order (a partial Fisher-Yates shuffle). */
function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

function communityName(rng: Rng, lang: string): string {
  const cased = languageProfile(lang).cased;
  const word = (w: string) => (cased ? w.charAt(0).toUpperCase() + w.slice(1) : w);
  return rng.chance(0.6) ? `${word(contentWord(rng, lang))} ${rng.pick(NAME_SUFFIXES)}` : `${word(contentWord(rng, lang))} ${word(contentWord(rng, lang))}`;
}

/** Generates communities with their members (creator as admin, a few moderators), as COPY rows. */
export function generateCommunities(ctx: SeedContext, users: UserModel): CommunityRows {
  const { communities: count, communityMembers } = ctx.config;
  const rng = Rng.for(ctx.seed, 'communities');
  const n = users.count;
  const primary = new Int32Array(n).fill(-1);
  const joinedMs = new Float64Array(n);
  const sizes = apportion(zipfWeights(count, 1.1), communityMembers, n);
  const mark = new Int32Array(n).fill(-1);
  const ids: string[] = [];
  const communityRows: string[] = [];
  const memberRows: string[] = [];
  let sequence = 0;
  ctx.progress.start('communities', communityMembers);

  for (let c = 0; c < count; c++) {
    const creator = users.byRank[Math.floor(rng.next() ** 2 * Math.min(n, 20 * count + 50))];
    const lang = users.languages[users.lang[creator]];
    const createdMs = Math.floor(ctx.windowStartMs + rng.next() * 10 * DAY_MS);
    const id = seedId(createdMs, c);
    ids.push(id);
    const speakers = users.byLanguage[users.lang[creator]];
    const members: Array<{ user: number; ms: number }> = [{ user: creator, ms: createdMs }];
    mark[creator] = c;
    const size = Math.max(1, sizes[c]);
    for (let attempt = 0; members.length < size && attempt < size * 20; attempt++) {
      const user = rng.chance(0.7) && speakers.length > 0 ? speakers[rng.int(speakers.length)] : rng.int(n);
      if (mark[user] === c) continue;
      mark[user] = c;
      members.push({ user, ms: Math.floor(createdMs + 1 + rng.next() * (ctx.anchorMs - 2 * 3_600_000 - createdMs)) });
    }
    members.forEach(({ user, ms }, k) => {
      const role = k === 0 ? 'admin' : k <= 1 + (c % 3) ? 'moderator' : 'member';
      if (primary[user] < 0) {
        primary[user] = c;
        joinedMs[user] = ms;
      }
      memberRows.push(`${seedId(ms, sequence++)}\t${id}\t${users.ids[user]}\t${role}\n`);
    });
    const rules = pickDistinct(rng, RULES, rng.range(2, 5));
    communityRows.push(
      [id, copyText(communityName(rng, lang)), copyText(rng.chance(0.85) ? sentence(rng, lang, 6, 16) : null), users.ids[creator], copyTime(createdMs), members.length, copyTextArray(rules)].join('\t') + '\n',
    );
    ctx.progress.tick(memberRows.length);
  }
  if (sequence >= MAX_SEQUENCE) throw new Error('too many community members for unique edge ids');
  ctx.progress.finish();
  return { model: { count, ids, primary, joinedMs }, communities: communityRows, members: memberRows };
}
