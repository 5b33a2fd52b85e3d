import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

// The operator CLI exactly as the README and the black-box check run it:
// `npm run --silent admin -- <command>`, result on the last line of stdout, errors as one line.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type CliResult = { code: number; stdout: string; lastLine: string; errorLines: string[] };

export function admin(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      // npm's own warnings about this machine's npm configuration are not the CLI's output.
      const errorLines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
      resolve({ code, stdout, lastLine: lines.at(-1) ?? '', errorLines });
    });
  });
}

export function expectOk(result: CliResult): string {
  expect({ code: result.code, errors: result.errorLines }).toEqual({ code: 0, errors: [] });
  return result.lastLine;
}

export function expectFailure(result: CliResult, message: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.errorLines, 'exactly one error line').toHaveLength(1);
  expect(result.errorLines[0]).toMatch(message);
}
