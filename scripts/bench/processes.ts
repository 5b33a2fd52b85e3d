// The server processes a benchmark starts: `npm run bench` and `npm run bench:export`.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@/lib/server/free-port';

// The V8 flags `npm start` runs the server with (package.json). The bare server gets them too,
// so that the ratio compares the code, not the runtime's settings.
// BENCH_PROFILE_DIR=<dir>: every server also writes a CPU profile there when it stops (node refuses
// --cpu-prof in NODE_OPTIONS).
export const NODE_FLAGS = ['--max-semi-space-size=64', ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [])];

/**
 * Runs `node <flags> --import tsx <args>` and resolves once its output says `readyText`. Its
 * output is read, unparsed, for as long as it runs: a server logging a line per call at info
 * would otherwise block on a full pipe (and parsing each chunk would load the benchmark's process).
 */
export function startProcess(args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      if (!chunk.toString().includes(readyText)) return;
      child.stdout!.off('data', watch);
      child.stdout!.resume();
      resolve(child);
    };
    child.stdout!.on('data', watch);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with code ${code}`)));
  });
}

/**
 * Runs `node <flags> --import tsx <args>` and resolves once `probeUrl` answers (below 500):
 * for a server whose log level hides its ready line. Its output is drained unread, or written
 * straight to the file open as `stdoutFd`.
 */
export function startAnsweringProcess(args: string[], env: Record<string, string>, probeUrl: string, { timeoutMs = 10 * 60_000, stdoutFd }: { timeoutMs?: number; stdoutFd?: number } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', stdoutFd ?? 'pipe', 'inherit'] });
  child.stdout?.resume();
  return new Promise((resolve, reject) => {
    let exited = false;
    child.on('exit', (code) => {
      exited = true;
      reject(new Error(`${args.join(' ')} exited with code ${code}`));
    });
    const deadline = Date.now() + timeoutMs;
    const probe = async (): Promise<void> => {
      while (!exited) {
        try {
          const answer = await fetch(probeUrl);
          await answer.arrayBuffer();
          if (answer.status < 500) return resolve(child);
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          return reject(new Error(`${args.join(' ')} did not answer ${probeUrl} within ${timeoutMs / 1000} s`));
        }
        await new Promise((done) => setTimeout(done, 250));
      }
    };
    void probe();
  });
}

/**
 * Starts a server on a port that was free a moment before, and tries another if the start
 * fails: between the check and the listen, an outgoing connection (a database client of a
 * server started before) can take the same port as its local end.
 */
export async function onFreePort(start: (port: number) => Promise<ChildProcess>, children: ChildProcess[], attempts = 3): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      children.push(await start(port));
      return port;
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`(port ${port} was taken meanwhile: trying another)`);
    }
  }
}

/** SIGTERM, and the exit awaited (Perch's shutdown ends within 10 s; SIGKILL after 12). */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
