import { execFile } from 'node:child_process';
import path from 'node:path';

// Load and probes for the fault tests: concurrent callers that keep one operation busy and
// tally what came back, so a test can say "no 5xx but 503, no reset, no hang".

export type Tally = {
  byStatus: Record<number, number>;
  /** 503 answers that carried `unavailable` and a Retry-After. */
  cleanUnavailable: number;
  /** 503 answers without them (a wrong shape). */
  badUnavailable: number;
  /** Connection errors (resets, refusals) while the server itself was meant to be up. */
  networkErrors: number;
  /** Calls not answered within the hang bound. */
  hangs: number;
  lastError?: string;
};

export type Load = { tally: Tally; stop: () => Promise<Tally> };

const HANG_MS = 15_000;

/** `concurrency` callers sending `GET url` with `key` back to back until stopped. */
export function startLoad(url: string, key: string, concurrency: number): Load {
  const tally: Tally = { byStatus: {}, cleanUnavailable: 0, badUnavailable: 0, networkErrors: 0, hangs: 0 };
  let stopped = false;
  const caller = async () => {
    while (!stopped) {
      try {
        const response = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(HANG_MS) });
        const text = await response.text();
        tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
        if (response.status === 503) {
          const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          if (code === 'unavailable' && /^\d+$/.test(response.headers.get('retry-after') ?? '')) tally.cleanUnavailable += 1;
          else tally.badUnavailable += 1;
          // A client honouring Retry-After would wait; a short pause keeps the outage observable.
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') tally.hangs += 1;
        else tally.networkErrors += 1;
        tally.lastError = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const callers = Array.from({ length: concurrency }, caller);
  return {
    tally,
    stop: async () => {
      stopped = true;
      await Promise.all(callers);
      return tally;
    },
  };
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** `npm run --silent admin -- …` with `env` (e.g. the embedded database's PERCH_DATA_DIR); resolves to the last stdout line. */
export function runAdmin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`admin ${args[0]} failed: ${stderr || error.message}`));
      resolve(stdout.trim().split('\n').at(-1) ?? '');
    });
  });
}

/** Environment for a CLI on the embedded PostgreSQL under `dataDir` (DATABASE_URL removed). */
export function embeddedEnv(dataDir: string, dbPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PERCH_DATA_DIR: dataDir, PERCH_DB_PORT: String(dbPort) };
  delete env.DATABASE_URL;
  return env;
}
