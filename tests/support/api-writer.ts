import { getPool } from '@/lib/db/pool';
import { createApiAccount, type ApiAccount } from './api-client';
import { createFixtureUsers, type FixtureUser } from './platform-fixtures';

export type Writer = {
  /** A read+write key on an account connected to `me`. */
  account: ApiAccount;
  me: FixtureUser;
  /** Another fresh platform user, to follow. */
  other: FixtureUser;
  /** Someone else's tweet (not a retweet), to reply to, quote, like and retweet. */
  target: { id: string; author_id: string; conversation_id: string };
};

/** A connected account for the write tests, acting as a fresh platform user of its own. */
export async function setUpWriter(label: string): Promise<Writer> {
  const [me, other] = await createFixtureUsers(getPool(), 2);
  const account = await createApiAccount({ label, connect: me.username });
  const { rows } = await getPool().query<Writer['target']>(
    `SELECT id::text, author_id::text, conversation_id::text FROM platform.tweets
     WHERE retweeted_tweet_id IS NULL AND author_id <> $1 ORDER BY id DESC LIMIT 1`,
    [me.id],
  );
  return { account, me, other, target: rows[0] };
}
