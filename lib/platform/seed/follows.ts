import type { SeedContext } from './context';
import { seedId, spreadTies } from './ids';
import { Rng } from './prng';
import { Audience } from './audience';
import { apportion } from './sampling';
import type { UserModel } from './users';

export type FollowCounts = { followers: Int32Array; following: Int32Array };

const LOCAL_SHARE = 0.3;

/**
 * The follow graph as COPY rows (id, follower_id, followee_id), one follower at a time so
 * memory stays flat at ten million edges. Each follower follows a log-normal number of
 * accounts drawn from a Zipf law over popularity (power-law in-degrees: a few accounts get
 * most follows), partly among their own country's accounts. Counts land in `counts`.
 */
export function* followRows(ctx: SeedContext, users: UserModel, counts: FollowCounts): Generator<string> {
  const n = users.count;
  const rng = Rng.for(ctx.seed, 'follows');
  const audience = new Audience(users);
  const cap = Math.max(1, Math.min(n - 1, Math.floor(n * 0.3)));
  const outDegree = apportion(Float64Array.from({ length: n }, () => rng.logNormal(1.1)), ctx.config.follows, cap);
  const mark = new Int32Array(n).fill(-1);
  const span = ctx.anchorMs - 1000 - ctx.windowStartMs;
  let total = 0;
  for (let i = 0; i < n; i++) total += outDegree[i];
  ctx.progress.start('follows', total);

  const targets = new Int32Array(cap);
  const times = new Float64Array(cap);
  let written = 0;
  for (let u = 0; u < n; u++) {
    const want = outDegree[u];
    const country = users.country[u];
    mark[u] = u;
    let got = 0;
    for (let attempt = 0; got < want && attempt < want * 8; attempt++) {
      const v = audience.pick(rng, country, LOCAL_SHARE);
      if (mark[v] === u) continue;
      mark[v] = u;
      targets[got++] = v;
    }
    // The Zipf head is exhausted for very active followers: fill up with anyone.
    for (let attempt = 0; got < want && attempt < want * 8; attempt++) {
      const v = rng.int(n);
      if (mark[v] === u) continue;
      mark[v] = u;
      targets[got++] = v;
    }
    for (let k = 0; k < got; k++) times[k] = Math.floor(ctx.windowStartMs + rng.next() * span);
    const sorted = times.subarray(0, got).sort();
    // Distinct moments per follower make (moment, follower) a unique edge id.
    spreadTies(sorted);
    const follower = users.ids[u];
    counts.following[u] += got;
    for (let k = 0; k < got; k++) {
      const v = targets[k];
      counts.followers[v]++;
      yield `${seedId(sorted[k], u)}\t${follower}\t${users.ids[v]}\n`;
    }
    written += got;
    ctx.progress.tick(written);
  }
  ctx.progress.finish();
}
