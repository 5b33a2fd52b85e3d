// Profiles the /v2 pipeline in-process, without HTTP: N getUser calls through dispatch at 32 at
// a time on one key. Run against a seeded database, for example:
//   DATABASE_URL=… N=10000 node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof scripts/bench/profile-dispatch.ts
// and open the .cpuprofile in Chrome DevTools. Found this way: zod rebuilt and recompiled the
// strict input schemas on every call (validate.ts now builds them once).
import { dispatch } from '@/lib/api/dispatch';
import { grantCredits } from '@/lib/credits';
import { closePool, getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { stopMetering } from '@/lib/metering/meter';
import { createAccount, accountIdByEmail } from '@/lib/admin/create-account';

async function main() {
  const email = 'profile@perch.local';
  const userId = await accountIdByEmail(email).catch(async () => (await createAccount({ email, password: 'bench-password-123', credits: 0 })).id);
  await grantCredits(userId, 1_000_000_000, 'profile');
  const key = (await issueKey({ userId, name: 'p', scopes: ['read'], rateLimit: 100_000 })).key;
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
  const url = `http://perch.test/v2/users/${rows[0].username}`;
  const one = async () => {
    const response = await dispatch(new Request(url, { headers: { authorization: `Bearer ${key}` } }));
    await response.text();
    if (response.status !== 200) throw new Error(String(response.status));
  };
  const runFor = async (n: number) => {
    let left = n;
    await Promise.all(Array.from({ length: 32 }, async () => { while (left-- > 0) await one(); }));
  };
  await runFor(2000);
  const t = performance.now();
  await runFor(Number(process.env.N ?? 10000));
  const ms = performance.now() - t;
  console.log(`${Number(process.env.N ?? 10000)} getUser via dispatch in ${ms.toFixed(0)} ms: ${(Number(process.env.N ?? 10000) / ms * 1000).toFixed(0)} req/s`);
  const { rows: stats } = await getPool().query("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()");
  console.log(stats[0]);
  await stopMetering();
  await closePool();
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
