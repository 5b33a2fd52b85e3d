// PostgreSQL's text cannot hold NUL (error 22021, a 500 if it reaches an INSERT), and a lone
// UTF-16 surrogate has no UTF-8 form: pg's driver silently writes U+FFFD instead, and jsonb
// refuses both outright (22P05, 22P02). Inputs holding either are refused up front, by name.

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// One test for the usual case (nothing to worry about) before telling the two apart.
const SUSPECT = /[\u0000\ud800-\udfff]/;

export const NUL_MESSAGE = 'must not contain NUL characters (U+0000)';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds an unpaired UTF-16 surrogate)';

/** Why PostgreSQL cannot store this text, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (NUL.test(text)) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? SURROGATE_MESSAGE : null;
}

export type TextProblem = { path: string; message: string };

// Deeper than any input an operation or a dashboard form takes; past it, zod's own limits answer.
const MAX_DEPTH = 8;

/**
 * Every string in a JSON value (object keys included) that PostgreSQL cannot store, each with
 * its dotted path (`accounts.2`), the way validation errors name fields. Empty when all is well.
 */
export function findUnstorableText(value: unknown, path = ''): TextProblem[] {
  const problems: TextProblem[] = [];
  collect(value, path, 0, problems);
  return problems;
}

function collect(value: unknown, path: string, depth: number, problems: TextProblem[]): void {
  if (typeof value === 'string') {
    const reason = unstorableReason(value);
    if (reason) problems.push({ path, message: reason });
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) collect(value[i], join(path, String(i)), depth + 1, problems);
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyReason = unstorableReason(key);
    // The name itself is unstorable: shown escaped, so the answer and the request log can hold it.
    if (keyReason) problems.push({ path: join(path, JSON.stringify(key).slice(1, -1)), message: `field names ${keyReason}` });
    else collect((value as Record<string, unknown>)[key], join(path, key), depth + 1, problems);
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
