// Source-code literals for the snippets. JSON's string escapes are valid in JavaScript and
// Python alike, so strings go through JSON.stringify in both.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const WIDTH = 72;

function indentLines(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

/** A JavaScript literal: `{ query: "from:jack", count: 5 }`, broken over lines when long. */
export function jsLiteral(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map(jsLiteral);
    const flat = `[${items.join(', ')}]`;
    return flat.length <= WIDTH ? flat : `[\n${items.map((i) => indentLines(i, '  ')).join(',\n')},\n]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, v]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${jsLiteral(v)}`);
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.join(', ')} }`;
    return flat.length <= WIDTH ? flat : `{\n${entries.map((e) => indentLines(e, '  ')).join(',\n')},\n}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** A Python literal: dicts, lists, strings, numbers, True, False, None. */
export function pyLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => pyLiteral(v)).join(', ')}]`;
    if (flat.length <= WIDTH) return flat;
    return `[\n${value.map((v) => `${indent}    ${pyLiteral(v, `${indent}    `)}`).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const flat = `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v)}`).join(', ')}}`;
    if (flat.length <= WIDTH) return flat;
    return `{\n${entries.map(([k, v]) => `${indent}    ${JSON.stringify(k)}: ${pyLiteral(v, `${indent}    `)}`).join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** A POSIX shell word in single quotes: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
