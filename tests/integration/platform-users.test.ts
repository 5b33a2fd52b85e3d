import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@/lib/platform/errors';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { UserSchema } from '@/lib/platform/records';
import { useReadFixture } from '../support/platform-read-fixture';

const fx = useReadFixture();
const pool = () => getPool();

describe('getUser', () => {
  it('finds a user whatever the case of the username, with or without a leading @', async () => {
    for (const name of ['rdx_Alice', 'rdx_alice', 'RDX_ALICE', '@rdx_aLiCe']) {
      const user = await platform.getUser(name);
      expect(user.id).toBe(fx.users.rdx_Alice);
      expect(user.username).toBe('rdx_Alice');
    }
  });

  it('returns the row as the contract record: ids as strings, ISO times, unknowns as null', async () => {
    const user = await platform.getUser('rdx_alice');
    expect(UserSchema.strict().parse(user)).toEqual(user);
    const { rows } = await pool().query(`SELECT * FROM platform.users WHERE id = $1`, [fx.users.rdx_Alice]);
    const row = rows[0];
    expect(user).toMatchObject({
      name: row.name,
      description: row.description,
      created_at: row.created_at.toISOString(),
      followers_count: row.followers_count,
      is_blue_verified: true,
      verified_type: 'blue',
      pinned_tweet_ids: [fx.tweets.A1],
      url: null,
      location: null,
    });
    expect(Object.keys(user)).toEqual(Object.keys(UserSchema.shape));
  });

  it('turns an empty description into null, never ""', async () => {
    expect((await platform.getUser('rdx_dave')).description).toBeNull();
  });

  it('throws NotFoundError(user) for unknown and impossible usernames', async () => {
    for (const name of ['rdx_nobody_here', 'bad name!', '', '@', 'x'.repeat(16)]) {
      await expect(platform.getUser(name)).rejects.toMatchObject({ name: 'NotFoundError', kind: 'user' });
    }
    await expect(platform.getUser('rdx_nobody_here')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('getUserById', () => {
  it('finds a user by id and not a missing or impossible id', async () => {
    expect((await platform.getUserById(fx.users.rdx_bob)).username).toBe('rdx_bob');
    for (const id of ['1', '99999999999999999999', '9223372036854775808', 'abc']) {
      await expect(platform.getUserById(id)).rejects.toMatchObject({ kind: 'user' });
    }
  });
});

describe('getUsersBatch', () => {
  it('returns found users in request order, once each, and lists the rest as not_found as given', async () => {
    const batch = await platform.getUsersBatch(['rdx_carol', '@RDX_ALICE', 'rdx_nobody_here', 'rdx_bob', 'rdx_alice', 'bad name!']);
    expect(batch.items.map((u) => u.username)).toEqual(['rdx_carol', 'rdx_Alice', 'rdx_bob']);
    expect(batch.not_found).toEqual(['rdx_nobody_here', 'bad name!']);
    for (const user of batch.items) UserSchema.strict().parse(user);
  });

  it('matches single lookups field by field', async () => {
    const batch = await platform.getUsersBatch(['rdx_wonder', 'rdx_alicia']);
    expect(batch.items).toEqual([await platform.getUser('rdx_wonder'), await platform.getUser('rdx_alicia')]);
  });

  it('answers an all-missing batch without error', async () => {
    expect(await platform.getUsersBatch(['rdx_nobody_1', 'rdx_nobody_2'])).toEqual({ items: [], not_found: ['rdx_nobody_1', 'rdx_nobody_2'] });
  });
});
