import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { MISSING_USERNAME, userWithMost } from '../support/api-subjects';

// @perch/client as a user gets it: `npm pack` in packages/client (which builds it), the
// tarball installed into a scratch project outside the repository, type-checked there by
// TypeScript as a consumer sees it, and run with plain node against the production server.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
let scratch: string;
let tarball: string;
let server: RunningServer;
let account: ApiAccount;
let username: string;

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, input: '' });
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-client-consumer-'));
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: path.join(ROOT, 'packages', 'client'), encoding: 'utf8' });
  const [info] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(scratch, info.filename);
  fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'perch-consumer', private: true, type: 'module' }));
  const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], scratch);
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr}`);
  account = await createApiAccount({ label: 'package' });
  username = await userWithMost.followers();
  server = await startServer(process.env.DATABASE_URL!);
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  await expectLedgersBalanced();
});

it('packs only the built module, its declarations, the README and package.json', () => {
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  expect(listing).toContain('package/package.json');
  expect(listing).toContain('package/README.md');
  expect(listing).toContain('package/dist/index.js');
  expect(listing).toContain('package/dist/index.d.ts');
  expect(listing.filter((file) => !/^package\/(dist\/.+\.(js|d\.ts)|README\.md|package\.json)$/.test(file))).toEqual([]);
  const manifest = JSON.parse(fs.readFileSync(path.join(scratch, 'node_modules', '@perch', 'client', 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest.dependencies ?? {}).toEqual({});
});

it('type-checks in a strict TypeScript project that only has the package', () => {
  fs.writeFileSync(
    path.join(scratch, 'typed.ts'),
    `import { Perch, NotFoundError, type Tweet, type User } from '@perch/client';
const perch = new Perch({ apiKey: 'perch_x', baseUrl: 'http://127.0.0.1:1' });
export async function main(): Promise<number> {
  const { data, meta } = await perch.getUser('someone');
  const user: User = data;
  const tweets: Tweet[] = (await perch.getUserTweets('someone', { count: 5, sort: 'popular' })).data;
  for await (const follower of perch.paginate.getUserFollowers('someone', { count: 10 }, { maxItems: 20 })) console.log(follower.username);
  try { await perch.getUser('nobody'); } catch (error) { if (error instanceof NotFoundError) return error.status ?? 0; }
  return (user.followers_count ?? 0) + tweets.length + meta.credits_charged;
}
`,
  );
  fs.writeFileSync(path.join(scratch, 'wrong.ts'), `import { Perch } from '@perch/client';\nnew Perch().getUserTweets('someone', { count: 'many', sorting: 'popular' });\n`);
  // A consumer's strict project with Node's ES module resolution and no @types at all.
  const project = (file: string) => {
    const config = `tsconfig.${file}.json`;
    const compilerOptions = { noEmit: true, strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], types: [] };
    fs.writeFileSync(path.join(scratch, config), JSON.stringify({ compilerOptions, files: [file] }));
    return run(process.execPath, [TSC, '-p', config], scratch);
  };
  const typed = project('typed.ts');
  expect(typed.stdout + typed.stderr).toBe('');
  expect(typed.status).toBe(0);
  // The declarations are real: a wrong call does not compile.
  const wrong = project('wrong.ts');
  expect(wrong.status).not.toBe(0);
  expect(wrong.stdout).toMatch(/wrong\.ts\(2,\d+\): error TS2\d+/);
});

it('calls a running Perch from plain node with the key from PERCH_API_KEY', () => {
  fs.writeFileSync(
    path.join(scratch, 'call.mjs'),
    `import { Perch, NotFoundError } from '@perch/client';
const perch = new Perch({ baseUrl: process.env.PERCH_BASE_URL });
const account = await perch.getAccount();
const user = await perch.getUser(process.argv[2]);
const followers = [];
for await (const follower of perch.paginate.getUserFollowers(process.argv[2], { count: 3 }, { maxItems: 7 })) followers.push(follower.id);
let missing = null;
try { await perch.getUser(process.argv[3]); } catch (error) { missing = error instanceof NotFoundError ? error.status : String(error); }
console.log(JSON.stringify({ email: account.data.email, username: user.data.username, charged: user.meta.credits_charged, followers, missing }));
`,
  );
  const call = run(process.execPath, ['call.mjs', username, MISSING_USERNAME], scratch, { PERCH_API_KEY: account.key, PERCH_BASE_URL: server.url });
  expect(call.stderr).toBe('');
  const result = JSON.parse(call.stdout) as { email: string; username: string; charged: number; followers: string[]; missing: unknown };
  expect(result.username.toLowerCase()).toBe(username.toLowerCase());
  expect(result.charged).toBe(18);
  expect(result.followers).toHaveLength(7);
  expect(new Set(result.followers).size).toBe(7);
  expect(result.missing).toBe(404);
});
