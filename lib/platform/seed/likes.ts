import type { SeedContext } from './context';
import { seedId, spreadTies } from './ids';
import { Rng } from './prng';
import { AliasTable, apportion } from './sampling';
import type { TweetPlan } from './tweet-plan';
import type { UserModel } from './users';

const MEAN_DELAY_MS = 5 * 3_600_000;

/**
 * Likes as COPY rows (id, user_id, tweet_id), one user at a time. Tweets are drawn by like appeal
 * (popular authors' tweets collect most likes; retweets have none of their own), each like
 * some hours after its tweet. The plan's like counts and each user's likes given land in
 * `plan.likes` and `likesGiven`.
 */
export function* likeRows(ctx: SeedContext, users: UserModel, plan: TweetPlan, likesGiven: Int32Array): Generator<string> {
  const n = users.count;
  const rng = Rng.for(ctx.seed, 'likes');
  const tweets = new AliasTable(plan.likeAppeal);
  const cap = Math.max(1, Math.min(5000, Math.floor(plan.count / 4)));
  const perUser = apportion(Float64Array.from({ length: n }, (_, u) => rng.logNormal(1.2) * (0.5 + users.activity[u])), ctx.config.likes, cap);
  const mark = new Int32Array(plan.count).fill(-1);
  const latest = ctx.anchorMs - 1000;
  ctx.progress.start('likes', ctx.config.likes);

  const chosen = new Int32Array(cap);
  const times = new Float64Array(cap);
  const order = new Int32Array(cap);
  let written = 0;
  for (let u = 0; u < n; u++) {
    const want = perUser[u];
    let got = 0;
    for (let attempt = 0; got < want && attempt < want * 8; attempt++) {
      const t = tweets.sample(rng);
      if (mark[t] === u || plan.author[t] === u) continue;
      mark[t] = u;
      const room = latest - plan.ms[t] - 1;
      let delay = rng.exponential(MEAN_DELAY_MS);
      if (delay > room) delay = rng.next() * room;
      chosen[got] = t;
      times[got] = Math.floor(plan.ms[t] + 1 + delay);
      got++;
    }
    // Ids are (moment, user): this user's likes get distinct, increasing moments.
    for (let k = 0; k < got; k++) order[k] = k;
    const byTime = order.subarray(0, got).sort((a, b) => times[a] - times[b] || a - b);
    const sortedTimes = Float64Array.from(byTime, (k) => times[k]);
    spreadTies(sortedTimes);
    const liker = users.ids[u];
    likesGiven[u] += got;
    for (let k = 0; k < got; k++) {
      const t = chosen[byTime[k]];
      plan.likes[t]++;
      yield `${seedId(sortedTimes[k], u)}\t${liker}\t${seedId(plan.ms[t], plan.author[t])}\n`;
    }
    written += got;
    ctx.progress.tick(written);
  }
  ctx.progress.finish();
}
