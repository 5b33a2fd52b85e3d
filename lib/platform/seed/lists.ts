import type { SeedContext } from './context';
import { copyText, copyTime } from './copy-text';
import { seedId } from './ids';
import { languageProfile } from './languages';
import { Rng } from './prng';
import { AliasTable } from './sampling';
import { contentWord, sentence } from './sentences';
import type { UserModel } from './users';

export type ListRows = {
  lists: string[];
  members: string[];
  subscribers: string[];
  /** Per user: how many lists they are a member of. */
  listed: Int32Array;
};

const NAME_TAILS = ['people', 'news', 'accounts', 'folks', 'crew', 'friends', 'voices', 'watch'];
const DAY_MS = 86_400_000;
const MAX_SEQUENCE = 4_194_304;

function listName(rng: Rng, lang: string): string {
  const cased = languageProfile(lang).cased;
  const word = () => {
    const w = contentWord(rng, lang);
    return cased ? w.charAt(0).toUpperCase() + w.slice(1) : w;
  };
  const r = rng.next();
  if (r < 0.35) return word();
  if (r < 0.7) return `${word()} ${rng.pick(NAME_TAILS)}`;
  if (r < 0.85) return `My ${contentWord(rng, lang)}`;
  return `${word()} & ${word()}`;
}

/** A heavy-tailed size around `mean`, within [min, max]. */
function size(rng: Rng, mean: number, sigma: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.round(mean * rng.logNormal(sigma) * Math.exp((-sigma * sigma) / 2))));
}

/** Generates lists with members (mostly well-followed accounts) and subscribers, as COPY rows. */
export function generateLists(ctx: SeedContext, users: UserModel): ListRows {
  const { lists: count, listMembers, listSubscribers } = ctx.config;
  const rng = Rng.for(ctx.seed, 'lists');
  const n = users.count;
  const popular = new AliasTable(users.popularity);
  const mark = new Int32Array(n).fill(-1);
  const listed = new Int32Array(n);
  const listRows: string[] = [];
  const memberRows: string[] = [];
  const subscriberRows: string[] = [];
  let memberSequence = 0;
  let subscriberSequence = 0;
  ctx.progress.start('lists', count);

  for (let l = 0; l < count; l++) {
    const owner = users.byRank[Math.floor(n * rng.next() ** 1.5)];
    const lang = users.languages[users.lang[owner]];
    const createdMs = Math.floor(ctx.windowStartMs + rng.next() * 20 * DAY_MS);
    const id = seedId(createdMs, l);
    const edgeMs = () => Math.floor(createdMs + 1 + rng.next() * (ctx.anchorMs - 1000 - createdMs));

    const memberCount = size(rng, listMembers, 1, 1, Math.min(n - 1, 5000));
    let added = 0;
    for (let attempt = 0; added < memberCount && attempt < memberCount * 20; attempt++) {
      const user = rng.chance(0.7) ? popular.sample(rng) : rng.int(n);
      if (mark[user] === l) continue;
      mark[user] = l;
      listed[user]++;
      added++;
      memberRows.push(`${seedId(edgeMs(), memberSequence++)}\t${id}\t${users.ids[user]}\n`);
    }
    const subscriberCount = size(rng, listSubscribers, 1.3, 0, Math.min(n - 1, 20_000));
    const subscribersBefore = subscriberRows.length;
    mark[owner] = -2 - l; // owners do not subscribe to their own list
    for (let subscribed = 0, attempt = 0; subscribed < subscriberCount && attempt < subscriberCount * 20; attempt++) {
      const user = rng.int(n);
      if (mark[user] === -2 - l || mark[user] === l + count) continue;
      mark[user] = l + count;
      subscribed++;
      subscriberRows.push(`${seedId(edgeMs(), subscriberSequence++)}\t${id}\t${users.ids[user]}\n`);
    }
    listRows.push(
      [
        id,
        users.ids[owner],
        copyText(listName(rng, lang)),
        copyText(rng.chance(0.6) ? sentence(rng, lang, 4, 12) : null),
        rng.chance(0.1) ? 't' : 'f',
        copyTime(createdMs),
        String(added),
        String(subscriberRows.length - subscribersBefore),
      ].join('\t') + '\n',
    );
    ctx.progress.tick(l);
  }
  if (memberSequence >= MAX_SEQUENCE || subscriberSequence >= MAX_SEQUENCE) throw new Error('too many list edges for unique edge ids');
  ctx.progress.finish();
  return { lists: listRows, members: memberRows, subscribers: subscriberRows, listed };
}
