import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { runWhileLeader, type Stoppable } from '@/lib/db/run-while-leader';
import { waitFor } from '../support/account-fixtures';

// One live activity simulator among all the instances on a database (issue 13, point 4): the
// leader holds an advisory lock on its own connection; when it stops, dies or loses that
// connection, another instance takes over.

type Contender = { leading: () => boolean; starts: () => number; handle: Stoppable };

const contenders: Contender[] = [];
afterEach(async () => {
  await Promise.all(contenders.splice(0).map((c) => c.handle.stop()));
});

function contend(name: string): Contender {
  let leading = false;
  let starts = 0;
  const handle = runWhileLeader({
    name,
    retryMs: 100,
    start: () => {
      expect(leading).toBe(false);
      leading = true;
      starts += 1;
      return {
        stop: async () => {
          leading = false;
        },
      };
    },
  });
  const contender = { leading: () => leading, starts: () => starts, handle };
  contenders.push(contender);
  return contender;
}

const uniqueName = () => `test-${crypto.randomBytes(6).toString('hex')}`;

async function terminateLeaderConnection(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = hashtext('perch')::oid AND l.objid = hashtext($1)::oid`,
      [name],
    );
    expect(rowCount).toBe(1);
  } finally {
    await admin.end();
  }
}

describe('one leader per database', () => {
  it('runs the task in exactly one of three contenders', async () => {
    const name = uniqueName();
    const all = [contend(name), contend(name), contend(name)];
    await waitFor(() => all.some((c) => c.leading()), 20_000);
    // A few more retry periods: nobody else starts while the lead is held.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(all.filter((c) => c.leading())).toHaveLength(1);
    expect(all.reduce((sum, c) => sum + c.starts(), 0)).toBe(1);
  });

  it('hands over when the leader stops', async () => {
    const name = uniqueName();
    const first = contend(name);
    await waitFor(() => first.leading(), 20_000);
    const second = contend(name);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.leading()).toBe(false);
    await first.handle.stop();
    expect(first.leading()).toBe(false);
    await waitFor(() => second.leading(), 20_000);
  });

  it('hands over when the leader loses its connection, and the old leader stops its task', async () => {
    const name = uniqueName();
    const first = contend(name);
    await waitFor(() => first.leading(), 20_000);
    const second = contend(name);
    await terminateLeaderConnection(name);
    await waitFor(() => !first.leading() && second.leading(), 20_000);
    // The old leader comes back as a follower.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(first.leading()).toBe(false);
  });

  it('hands over when the leading process is killed with -9', async () => {
    const name = uniqueName();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/leader-child.ts', name], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('leading') && resolve());
        child.once('exit', (code) => reject(new Error(`leader child exited with ${code}`)));
      });
      const follower = contend(name);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(follower.leading()).toBe(false);
      child.kill('SIGKILL');
      await exited;
      await waitFor(() => follower.leading(), 20_000);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
