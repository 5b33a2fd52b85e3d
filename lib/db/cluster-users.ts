import fs from 'node:fs';
import path from 'node:path';

// Which processes use an embedded cluster right now, so that none of them stops it under
// another. Each user is one file named after its pid; a file whose process is gone (killed
// with -9) is ignored and removed. The process start time, kept in the file, tells a live
// user from an unrelated process that was given the same pid later.

/** `server`: a long-lived Perch server; `tool`: a short-lived CLI (admin, seed, migrate, bench, tests). */
export type ClusterRole = 'server' | 'tool';

type UserRecord = { pid: number; startTime: string; role: ClusterRole };

const usersDir = (dataDir: string) => path.join(dataDir, 'postgres-users');

/** The kernel's start time of `pid` (clock ticks since boot), or null when no such process runs. */
export function processStartTime(pid: number): string | null {
  try {
    // The command name in parentheses may itself hold spaces or parentheses: split after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null; // exited, not yet reaped
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isLive(record: UserRecord): boolean {
  return processStartTime(record.pid) === record.startTime;
}

/** Records this process as a user of the cluster under `dataDir`. */
export function registerClusterUser(dataDir: string, role: ClusterRole): void {
  fs.mkdirSync(usersDir(dataDir), { recursive: true });
  const record: UserRecord = { pid: process.pid, startTime: processStartTime(process.pid) ?? '', role };
  const file = path.join(usersDir(dataDir), `${process.pid}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(record));
  fs.renameSync(`${file}.tmp`, file);
}

/** Removes this process's record. */
export function unregisterClusterUser(dataDir: string): void {
  fs.rmSync(path.join(usersDir(dataDir), `${process.pid}.json`), { force: true });
}

/** The live users of the cluster other than this process; records of dead processes are removed on the way. */
export function otherClusterUsers(dataDir: string): Array<{ pid: number; role: ClusterRole }> {
  let names: string[];
  try {
    names = fs.readdirSync(usersDir(dataDir)).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const others: Array<{ pid: number; role: ClusterRole }> = [];
  for (const name of names) {
    const file = path.join(usersDir(dataDir), name);
    let record: UserRecord;
    try {
      record = JSON.parse(fs.readFileSync(file, 'utf8')) as UserRecord;
    } catch {
      continue; // being written or removed right now
    }
    if (record.pid === process.pid) continue;
    if (isLive(record)) others.push({ pid: record.pid, role: record.role });
    else fs.rmSync(file, { force: true });
  }
  return others;
}
