import pg from 'pg';

/** Whether the platform holds a finished seed: 'running' also covers data left without a finished seed. */
export type SeedStatus = 'empty' | 'running' | 'complete';

/** Records, inside the seed's transaction, that a run of this scale and seed is under way. */
export async function markSeedRunning(client: pg.Client, scale: string, seed: number): Promise<void> {
  await client.query('DELETE FROM platform.seed_state');
  await client.query(`INSERT INTO platform.seed_state (status, scale, seed, started_at) VALUES ('running', $1, $2, clock_timestamp())`, [scale, seed]);
}

/** Records that the run finished; it commits with everything else. */
export async function markSeedComplete(client: pg.Client): Promise<void> {
  await client.query(`UPDATE platform.seed_state SET status = 'complete', finished_at = clock_timestamp()`);
}

/**
 * The platform's seed status at `url`. A platform with users but no finished seed (an older,
 * interrupted run) counts as 'running': it needs a reseed. While a seed transaction holds the
 * tables, the users check cannot take its lock in time and reports 'running' too.
 */
export async function platformSeedStatus(url: string): Promise<SeedStatus> {
  const client = new pg.Client({ connectionString: url, application_name: 'perch-seed-status' });
  await client.connect();
  try {
    const state = await client.query<{ status: 'running' | 'complete' }>('SELECT status FROM platform.seed_state');
    if (state.rows[0]?.status === 'complete') return 'complete';
    if (state.rows[0]?.status === 'running') return 'running';
    await client.query(`SET lock_timeout = '2s'`);
    try {
      const users = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM platform.users) AS any');
      return users.rows[0].any ? 'running' : 'empty';
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return 'running';
      throw error;
    }
  } finally {
    await client.end();
  }
}
