import { spawn } from 'node:child_process';
import path from 'node:path';

export type RealtimeProcess = { base: string; pid: number; output: () => string; kill: () => Promise<void>; stop: () => Promise<void> };

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Starts tests/support/realtime-process.ts (one node process, its own group) on `databaseUrl`; resolves when it is ready. */
export async function spawnRealtimeProcess(databaseUrl: string, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<RealtimeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests', 'support', 'realtime-process.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`realtime process not ready within ${timeoutMs} ms:\n${output.slice(-4000)}`)), timeoutMs);
    const look = () => {
      const ready = /^ready (\S+)$/m.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`realtime process exited (${code}) before ready:\n${output.slice(-4000)}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, name);
    await exited;
  };
  return { base, pid: child.pid!, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
