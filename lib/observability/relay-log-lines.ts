// The dashboard process's output, passed on by server.ts as its own: its records (JSON lines)
// are written as they are, in order with this process's own, and anything else it prints
// (Next.js's own lines, a stack trace) becomes one record per write, so that stdout stays one
// JSON record per line whatever the child prints.
import type { Readable } from 'node:stream';
import { componentLogger, logDestination, type Logger } from './logger';

type LineWriter = (line: string) => void;

/** Writes a JSON record line of another process to this process's log output (pretty at a terminal). */
export async function recordLineWriter(): Promise<LineWriter> {
  if (logDestination) {
    const destination = logDestination;
    return (line) => void destination.write(`${line}\n`);
  }
  // Pretty mode (a person at a terminal): the child's records are shown like ours.
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
  return (line) => void process.stdout.write(prettify(line));
}

function isRecord(line: string): boolean {
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * Passes `stream`'s lines on: record lines through `write`, other text to `log` at `level`
 * (consecutive lines of one chunk as one record: a stack trace stays one record).
 */
export function relayLogLines(stream: Readable, write: LineWriter, level: 'info' | 'warn', log: Logger = componentLogger('dashboard')): void {
  let partial = '';
  const relay = (lines: string[]) => {
    let text: string[] = [];
    const flushText = () => {
      if (text.length > 0) log[level]({ stream: level === 'info' ? 'stdout' : 'stderr' }, text.join('\n'));
      text = [];
    };
    for (const line of lines) {
      if (isRecord(line)) {
        flushText();
        write(line);
      } else if (line.trim() !== '') {
        text.push(line);
      }
    }
    flushText();
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    relay(lines);
  });
  stream.on('end', () => {
    if (partial) relay([partial]);
    partial = '';
  });
}
