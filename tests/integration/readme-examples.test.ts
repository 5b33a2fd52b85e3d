import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/api-server';

// The README's examples, run as written (only `localhost:3000` becomes the test server's
// address) against `npm start`'s server.ts on the seeded test platform: the shell block of
// "First calls" through bash, the client example through `npx tsx`, as the README says.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const CLIENT_GUIDE = fs.readFileSync(path.join(ROOT, 'packages', 'client', 'README.md'), 'utf8');

/** The fenced code blocks of one section (from its heading to the next heading of the same level). */
function blocksUnder(heading: string, language: string, document = README): string[] {
  const start = `\n${document}`.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const level = heading.split(' ')[0];
  const rest = document.slice(start + heading.length + 1);
  const end = rest.search(new RegExp(`\\n${level} `));
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

let server: RunningServer;
const at = (text: string) => text.replaceAll('localhost:3000', server.url.replace(/^http:\/\//, ''));
const env = () => ({ ...process.env, DATABASE_URL: process.env.DATABASE_URL! });

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!);
});

afterAll(async () => {
  await server?.stop();
});

let key: string;

describe('README examples', () => {
  it('First calls: every command succeeds and every curl answers data', async () => {
    const [script] = blocksUnder('## First calls', 'sh');
    expect(script).toContain('curl');
    // One answer per line (curl prints none after the JSON), and the key for the next test.
    const lines = at(script).replace(/\\\n/g, ' ').split('\n');
    const instrumented = lines.map((line) => (line.startsWith('curl ') ? `${line} -w '\\n'` : line)).join('\n');
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', `${instrumented}\necho "KEY=$KEY"`], { cwd: ROOT, env: env(), timeout: 120_000 });
    const out = stdout.trim().split('\n');
    key = out.pop()!.replace(/^KEY=/, '');
    expect(key).toMatch(/^perch_[A-Za-z0-9]{32}$/);

    const answers = out.filter((line) => line.startsWith('{"data"') || line.startsWith('{"error"')).map((line) => JSON.parse(line));
    expect(answers).toHaveLength(lines.filter((line) => line.startsWith('curl ')).length);
    for (const answer of answers) expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
    const [user, search, trending] = answers;
    expect(user.data.username).toBe('jack');
    expect(search.meta.result_count).toBeGreaterThan(0);
    for (const tweet of search.data) expect(tweet.text.toLowerCase()).toContain('#perch');
    expect(trending.data.country).toBe('Japan');
    const samples = JSON.parse(out.find((line) => line.startsWith('{"usernames"'))!);
    expect(samples.usernames.length).toBeGreaterThan(0);
  });

  it('the TypeScript client example runs with npx tsx, as the README says', async () => {
    const [example] = blocksUnder('## TypeScript client', 'ts');
    expect(README).toContain('PERCH_API_KEY=$KEY npx tsx example.ts');
    const printed = await runExample(example);
    expect(printed[0]).toMatch(/^@jack: \d+ followers, 18 credits$/);
    // Then the #perch tweets' texts.
    expect(printed.slice(1).join('\n').toLowerCase()).toContain('#perch');
  });

  it('the client guide’s first example runs the same way', async () => {
    const [example] = blocksUnder('# @perch/client', 'ts', CLIENT_GUIDE);
    expect(CLIENT_GUIDE).toContain('PERCH_API_KEY=$KEY npx tsx example.ts');
    const printed = await runExample(example);
    expect(printed[0]).toMatch(/^\d+ 18 \d+$/);
  });
});

/** Runs a TypeScript example as the README says: a file in the repository's root, `npx tsx`, the key in PERCH_API_KEY; its output lines. */
async function runExample(example: string): Promise<string[]> {
  // In the repository's root, as the README says, under a name no one else uses.
  const file = path.join(ROOT, `example-${crypto.randomBytes(4).toString('hex')}.ts`);
  fs.writeFileSync(file, at(example));
  try {
    const { stdout } = await run('npx', ['tsx', path.basename(file)], { cwd: ROOT, env: { ...env(), PERCH_API_KEY: key }, timeout: 120_000 });
    return stdout.trim().split('\n');
  } finally {
    fs.rmSync(file, { force: true });
  }
}
