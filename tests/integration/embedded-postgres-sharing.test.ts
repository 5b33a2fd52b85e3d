import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { freePort } from '@/lib/server/free-port';

async function startChild(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-child.ts', dataDir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-share-'));
  dirs.push(dir);
  return dir;
}

describe('embedded PostgreSQL used by two processes', () => {
  it('shares the cluster of a running Perch process and leaves it running when done', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const owner = await startChild(dataDir, port);
    try {
      const second = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'perch' });
      expect(new URL(second.url).port).toBe(String(port));
      expect(await canQuery(second.url)).toBe(true);
      await second.stop();
      expect(await canQuery(second.url)).toBe(true);
    } finally {
      owner.kill('SIGTERM');
    }
  });

  it('adopts a cluster orphaned by a killed process and stops it when done', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const owner = await startChild(dataDir, port);
    owner.kill('SIGKILL');
    await new Promise((resolve) => owner.once('exit', resolve));
    const adopted = await startEmbeddedPostgres({ dataDir, port, database: 'perch' });
    expect(await canQuery(adopted.url)).toBe(true);
    await adopted.stop();
    expect(await canQuery(adopted.url)).toBe(false);
  });
});
