import pg from 'pg';

/** Asks the server at `url` to cancel the statement backend `pid` is running (an index build can run for minutes). */
export async function cancelBackend(url: string, pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'perch-seed-cancel' });
  await client.connect();
  try {
    await client.query('SELECT pg_cancel_backend($1)', [pid]);
  } finally {
    await client.end();
  }
}
