import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@/lib/db/embedded-postgres';
import { runningPostmaster, stopPostmaster } from '@/lib/db/postmaster';
import { freePort } from '@/lib/server/free-port';

// Who may stop an embedded cluster: only its last user, and then only a server (which owns
// even a cluster it adopted) or a tool that started it itself. A CLI run beside a server, or
// after a server was killed with -9, never stops the database under it (issue 16, point 1).

async function startChild(dataDir: string, port: number, role: 'server' | 'tool'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-child.ts', dataDir, String(port), role], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

async function endChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
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
afterAll(async () => {
  for (const dir of dirs) {
    await stopPostmaster(path.join(dir, 'postgres')).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-share-'));
  dirs.push(dir);
  return dir;
}

/** A cluster orphaned the way `kill -9` of its server leaves it. */
async function orphanedCluster(): Promise<{ dataDir: string; port: number }> {
  const dataDir = tempDir();
  const port = await freePort();
  await endChild(await startChild(dataDir, port, 'server'), 'SIGKILL');
  expect(runningPostmaster(path.join(dataDir, 'postgres'))).not.toBeNull();
  return { dataDir, port };
}

describe('embedded PostgreSQL used by several processes', () => {
  it('a tool shares the cluster of a running server and leaves it running when done', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = await startChild(dataDir, port, 'server');
    try {
      const tool = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'perch' });
      expect(new URL(tool.url).port).toBe(String(port));
      expect(tool.started).toBe(false);
      expect(await canQuery(tool.url)).toBe(true);
      await tool.stop();
      expect(await canQuery(tool.url)).toBe(true);
    } finally {
      await endChild(server, 'SIGTERM');
    }
    // The server was the last user: it stopped the cluster on its way out.
    expect(runningPostmaster(path.join(dataDir, 'postgres'))).toBeNull();
  });

  it('a tool never stops a cluster orphaned by a killed server', async () => {
    const { dataDir, port } = await orphanedCluster();
    const tool = await startEmbeddedPostgres({ dataDir, port, database: 'perch' });
    expect(tool.started).toBe(false);
    await tool.stop();
    expect(await canQuery(tool.url)).toBe(true);
  });

  it('a server adopting a cluster orphaned by a killed server owns it and stops it on shutdown', async () => {
    const { dataDir, port } = await orphanedCluster();
    const server = await startEmbeddedPostgres({ dataDir, port, database: 'perch', role: 'server' });
    expect(server.started).toBe(false);
    // A CLI run meanwhile (npm run admin) leaves it to the server.
    const tool = await startEmbeddedPostgres({ dataDir, port, database: 'perch' });
    await tool.stop();
    expect(await canQuery(server.url)).toBe(true);
    await server.stop();
    expect(await canQuery(server.url)).toBe(false);
  });

  it('a tool that started the cluster leaves it running when a server joined meanwhile', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const tool = await startEmbeddedPostgres({ dataDir, port, database: 'perch' });
    expect(tool.started).toBe(true);
    const server = await startChild(dataDir, port, 'server');
    try {
      await tool.stop();
      expect(await canQuery(tool.url)).toBe(true);
    } finally {
      await endChild(server, 'SIGTERM');
    }
    expect(await canQuery(tool.url)).toBe(false);
  });

  it('a tool alone stops the cluster it started', async () => {
    const dataDir = tempDir();
    const tool = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'perch' });
    expect(await canQuery(tool.url)).toBe(true);
    await tool.stop();
    expect(await canQuery(tool.url)).toBe(false);
  });

  it('the postmaster outlives the process that started it (detached), so a kill -9 of that process does not take it down', async () => {
    const { dataDir, port } = await orphanedCluster();
    const running = runningPostmaster(path.join(dataDir, 'postgres'))!;
    expect(running.port).toBe(port);
    expect(await canQuery(`postgresql://postgres:perch@127.0.0.1:${port}/perch`)).toBe(true);
  });
});
