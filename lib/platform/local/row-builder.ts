import type pg from 'pg';

// Rows as objects, built by one small function per column list instead of by pg.
//
// pg makes each row object by cloning a null-prototype template and storing every column by
// name. In a process that runs many statements (the API: reads of every shape, usage flushes,
// leases, key lookups) those sites inside pg see rows of dozens of shapes and V8 falls back to
// its generic paths for every row (perf under load: CloneObjectIC_Slow, CreateDataProperty).
// Read in pg's array mode and built here, each column list has its own object literal, which
// V8 keeps fast. Measured in one process after 40 other statement shapes (16 reads at a time,
// median of 6 alternated rounds): a one-row users read took 37 us of client CPU instead of 44;
// a 5,000-row follower-ids read the same, within the rounds' spread.

export type RowBuilder = {
  readonly names: readonly string[];
  readonly build: (values: readonly unknown[]) => Record<string, unknown>;
};

// Bounded: a statement text built from a caller's input could otherwise grow the cache forever.
const MAX_BUILDERS = 1_000;
const builders = new Map<string, RowBuilder>();

/** The builder for a statement's columns, compiled on the statement's first result. */
export function rowBuilderFor(text: string, fields: readonly pg.FieldDef[]): RowBuilder {
  const known = builders.get(text);
  if (known && sameNames(known.names, fields)) return known;
  const builder = compileRowBuilder(fields.map((field) => field.name));
  if (builders.size >= MAX_BUILDERS) builders.clear();
  builders.set(text, builder);
  return builder;
}

/**
 * An object literal over the values, keys in column order. A repeated column name keeps its
 * first position and its last value, as pg's rows do. `__proto__` is written as a computed key,
 * which defines an own property instead of setting the prototype.
 */
export function compileRowBuilder(names: readonly string[]): RowBuilder {
  const entries = names.map((name, index) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: values[${index}]`);
  // The column names are JSON string literals: no name can break out of the source.
  const build = new Function('values', `return { ${entries.join(', ')} };`) as RowBuilder['build'];
  return { names, build };
}

function sameNames(names: readonly string[], fields: readonly pg.FieldDef[]): boolean {
  if (names.length !== fields.length) return false;
  for (let i = 0; i < names.length; i += 1) if (names[i] !== fields[i].name) return false;
  return true;
}
