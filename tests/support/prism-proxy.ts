import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@/lib/server/free-port';

// Stoplight Prism (an npm package, run as its own process) in proxy mode: it validates every
// request against the OpenAPI document, forwards the valid ones to the real server and validates
// the answer. With --errors a request the document refuses gets a 422 from Prism itself, and an
// answer that breaks the document a 500 (type …#VIOLATIONS) listing what broke, instead of the answer.

const PRISM = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

export type PrismProxy = {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** A running Prism process: what it printed so far, and how to stop it. */
export type PrismProcess = { output: () => string; stop: () => Promise<void> };

/** Runs Prism with `args` (a mode, a document, its options) and waits until it says it is listening. */
export async function startPrism(args: string[], timeoutMs = 60_000): Promise<PrismProcess> {
  const child = spawn(process.execPath, [PRISM, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Prism is listening')) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode} before listening:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prism was not listening within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { output: () => output, stop };
}

/** Starts `prism proxy` on a loopback port for the document at `documentPath`, in front of `upstream`. */
export async function startPrismProxy(documentPath: string, upstream: string, timeoutMs = 60_000): Promise<PrismProxy> {
  const port = await freePort();
  const prism = await startPrism(['proxy', documentPath, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors'], timeoutMs);
  return { url: `http://127.0.0.1:${port}`, ...prism };
}
