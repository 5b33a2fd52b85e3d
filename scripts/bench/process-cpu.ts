// A server process's CPU time, for benchmarks that compare two kinds of call on one server: CPU
// per call does not move with the load other processes put on the machine, requests/s does.
import fs from 'node:fs';

// USER_HZ: /proc counts CPU time in clock ticks of 1/100 s on Linux (sysconf(_SC_CLK_TCK) is 100
// on every architecture the kernel exports to user space).
const TICK_US = 10_000;

/** The pid's children (every thread's), read from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/)) if (child) found.push(Number(child));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return found;
}

/** The inodes of the sockets listening on a TCP port (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; st 0A is LISTEN; the inode is the tenth field.
      if (fields.length > 9 && fields[1].endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

function ownsSocket(pid: number, inodes: Set<string>): boolean {
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return true;
      } catch {
        // Closed meanwhile.
      }
    }
  } catch {
    // Not ours to read, or gone.
  }
  return false;
}

/**
 * The process that listens on `port` among `rootPid` and its descendants: the node process
 * that serves the calls, whether the spawned process is it or it runs the server in a child
 * (a loader, a supervisor), and not a helper process beside it (the dashboard's).
 */
export function listeningPid(rootPid: number, port: number): number {
  const inodes = listeningInodes(port);
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (ownsSocket(pid, inodes)) return pid;
    queue.push(...childrenOf(pid));
  }
  throw new Error(`no process under pid ${rootPid} listens on port ${port}`);
}

/** A process's CPU time so far (user + system, every thread), in µs. */
export function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}
