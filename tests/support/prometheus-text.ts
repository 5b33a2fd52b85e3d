// A strict parser of Prometheus' text exposition format (0.0.4), for tests that scrape /metrics:
// every line must be a comment, a HELP or TYPE line, a blank line or a sample of the grammar
// (https://prometheus.io/docs/instrumenting/exposition_formats/); anything else throws with its
// line number. Families are checked too: one TYPE per name, given before its samples; a
// histogram's samples are its _bucket (with le), _sum and _count, buckets cumulative and +Inf
// equal to _count; no series twice.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string | null; samples: Sample[] };
export type Exposition = Map<string, Family>;

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseValue(text: string, where: string): number {
  if (text === 'NaN') return NaN;
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (!FLOAT.test(text)) throw new Error(`${where}: "${text}" is not a sample value`);
  return Number(text);
}

/** Reads `{a="1",b="x\"y"}` from `line` at `start` (the `{`); returns the labels and the index after `}`. */
function parseLabels(line: string, start: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const nameEnd = line.indexOf('=', i);
    if (nameEnd < 0) throw new Error(`${where}: a label without "="`);
    const name = line.slice(i, nameEnd);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: "${name}" is not a label name`);
    if (name in labels) throw new Error(`${where}: label ${name} given twice`);
    if (line[nameEnd + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = '';
    let j = nameEnd + 2;
    for (;;) {
      const c = line[j];
      if (c === undefined) throw new Error(`${where}: label ${name}'s value is not closed`);
      if (c === '"') break;
      if (c === '\\') {
        const next = line[j + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else throw new Error(`${where}: "\\${next}" is not an escape of a label value`);
        j += 2;
        continue;
      }
      value += c;
      j += 1;
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: expected "," or "}" after label ${name}`);
  }
}

function familyOf(sampleName: string, families: Exposition): Family | undefined {
  const exact = families.get(sampleName);
  if (exact) return exact;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || family.type === 'summary')) return family;
  }
  return undefined;
}

/** Parses a whole scrape; throws on the first line or family that breaks the format. */
export function parsePrometheusText(text: string): Exposition {
  const families: Exposition = new Map();
  const helps = new Map<string, string>();
  const seen = new Set<string>();
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((line, index) => {
    const where = `line ${index + 1} (${line.slice(0, 80)})`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const match = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!match) return; // a plain comment
      const [, keyword, name, rest = ''] = match;
      if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
      if (keyword === 'HELP') {
        if (helps.has(name)) throw new Error(`${where}: a second HELP for ${name}`);
        helps.set(name, rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\'));
        const family = families.get(name);
        if (family) family.help = helps.get(name)!;
        return;
      }
      if (!TYPES.has(rest)) throw new Error(`${where}: "${rest}" is not a metric type`);
      if (families.has(name)) throw new Error(`${where}: a second TYPE for ${name}`);
      families.set(name, { name, type: rest, help: helps.get(name) ?? null, samples: [] });
      return;
    }
    const nameEnd = line.search(/[{\s]/);
    if (nameEnd <= 0) throw new Error(`${where}: not a sample`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
    let labels: Record<string, string> = {};
    let rest = nameEnd;
    if (line[nameEnd] === '{') ({ labels, end: rest } = parseLabels(line, nameEnd, where));
    if (line[rest] !== ' ') throw new Error(`${where}: expected a space before the value`);
    const parts = line.slice(rest + 1).split(' ');
    if (parts.length > 2 || parts[0] === '') throw new Error(`${where}: expected a value and at most a timestamp`);
    const value = parseValue(parts[0], where);
    if (parts.length === 2 && !/^-?\d+$/.test(parts[1])) throw new Error(`${where}: "${parts[1]}" is not a timestamp`);
    const family = familyOf(name, families);
    if (!family) throw new Error(`${where}: sample of ${name} before its TYPE line`);
    if (family.type === 'histogram') {
      if (name === `${family.name}_bucket`) {
        if (!('le' in labels)) throw new Error(`${where}: a bucket without le`);
        parseValue(labels.le, where);
      } else if (name !== `${family.name}_sum` && name !== `${family.name}_count`) throw new Error(`${where}: ${name} is not a sample name of histogram ${family.name}`);
    } else if (family.type === 'counter' || family.type === 'gauge') {
      if (name !== family.name) throw new Error(`${where}: ${name} is not ${family.type} ${family.name}`);
    }
    const series = `${name}{${Object.keys(labels)
      .sort()
      .map((key) => `${key}=${JSON.stringify(labels[key])}`)
      .join(',')}}`;
    if (seen.has(series)) throw new Error(`${where}: series ${series} given twice`);
    seen.add(series);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name.endsWith('_bucket')) group.buckets.push([parseValue(le, family.name), sample.value]);
    if (sample.name.endsWith('_count')) group.count = sample.value;
  }
  for (const [key, group] of groups) {
    const sorted = group.buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i += 1) if (sorted[i][1] < sorted[i - 1][1]) throw new Error(`${family.name}${key}: buckets are not cumulative`);
    const inf = sorted.at(-1);
    if (!inf || inf[0] !== Infinity) throw new Error(`${family.name}${key}: no +Inf bucket`);
    if (group.count !== inf[1]) throw new Error(`${family.name}${key}: +Inf bucket ${inf[1]} differs from _count ${group.count}`);
  }
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): Sample[] {
  const family = familyOf(name, exposition);
  return (family?.samples ?? []).filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(exposition, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
