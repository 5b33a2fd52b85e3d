// The server processes a benchmark starts: `npm run bench` and `npm run bench:export`.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@/lib/server/free-port';

// The V8 flags `npm start` runs the server with (package.json). The bare server gets them too,
// so that the ratio compares the code, not the runtime's settings.
export const NODE_FLAGS = ['--max-semi-space-size=64'];

/** Runs `node <flags> --import tsx <args>` and resolves once its output says `readyText`. */
export function startProcess(args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(readyText)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with code ${code}`)));
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
