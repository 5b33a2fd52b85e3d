import { beforeAll } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';
import { createApiAccount } from '../support/api-client';
import { describePlatformContract, type ContractSubjects } from '../support/platform-contract';

// The platform contract on the embedded platform (the same assertions run on Bluesky in bluesky-api.test.ts).

let subjects: ContractSubjects;

beforeAll(async () => {
  const pool = getPool();
  const { rows: users } = await pool.query<{ username: string }>(
    `SELECT u.username FROM platform.users u WHERE (SELECT count(*) FROM platform.follows f WHERE f.followee_id = u.id) BETWEEN 3 AND 40 ORDER BY u.id LIMIT 1`,
  );
  const { rows: tweets } = await pool.query<{ id: string }>(
    `SELECT t.id::text FROM platform.tweets t WHERE EXISTS (SELECT 1 FROM platform.likes l WHERE l.tweet_id = t.id) ORDER BY t.id LIMIT 1`,
  );
  subjects = {
    account: await createApiAccount({ label: 'contract-local' }),
    syntax: LOCAL_SYNTAX,
    username: users[0].username,
    tweetId: tweets[0].id,
    missingUsername: 'nobody_at_all',
    missingTweetId: '1',
    badUsername: 'has-a-dash',
    badTweetId: 'abc',
  };
});

describePlatformContract('local', () => subjects);
