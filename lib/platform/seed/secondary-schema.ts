import type pg from 'pg';

/** Keys, constraints and indexes of the seeded tables, as PostgreSQL itself describes them. */
export type SavedSchema = {
  /** Primary keys, unique and exclusion constraints: restored first, foreign keys rely on them. */
  keys: Array<{ table: string; name: string; definition: string }>;
  indexes: Array<{ name: string; definition: string }>;
  foreignKeys: Array<{ table: string; name: string; definition: string }>;
};

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Saves and drops every key, index and foreign key on `tables` (and foreign keys pointing at
 * them). Bulk loading into bare tables and building each index once afterwards is far faster
 * than maintaining them row by row. Definitions are read from the catalog, so the migration
 * stays their one source.
 */
export async function dropSecondarySchema(client: pg.Client, tables: readonly string[]): Promise<SavedSchema> {
  const constraints = await client.query<{ table: string; name: string; type: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, t.relname) AS table, c.conname AS name, c.contype AS type,
            pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE c.contype IN ('p', 'u', 'x', 'f')
       AND (c.conrelid = ANY($1::regclass[]) OR c.confrelid = ANY($1::regclass[]))
     ORDER BY 1, 2`,
    [tables],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class ic ON ic.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = ic.relnamespace
     WHERE i.indrelid = ANY($1::regclass[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x'))
     ORDER BY 1`,
    [tables],
  );
  const saved: SavedSchema = {
    keys: constraints.rows.filter((c) => c.type !== 'f'),
    indexes: indexes.rows,
    foreignKeys: constraints.rows.filter((c) => c.type === 'f'),
  };
  for (const fk of saved.foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quote(fk.name)}`);
  for (const key of saved.keys) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quote(key.name)}`);
  for (const index of saved.indexes) await client.query(`DROP INDEX ${index.name}`);
  return saved;
}

/** Recreates what dropSecondarySchema saved: keys, then indexes, then foreign keys (validated against the loaded rows). */
export async function restoreSecondarySchema(client: pg.Client, saved: SavedSchema, onStep: (done: number, total: number) => void): Promise<void> {
  const statements = [
    ...saved.keys.map((k) => `ALTER TABLE ${k.table} ADD CONSTRAINT ${quote(k.name)} ${k.definition}`),
    ...saved.indexes.map((i) => i.definition),
    ...saved.foreignKeys.map((f) => `ALTER TABLE ${f.table} ADD CONSTRAINT ${quote(f.name)} ${f.definition}`),
  ];
  for (let k = 0; k < statements.length; k++) {
    onStep(k, statements.length);
    await client.query(statements[k]);
  }
  onStep(statements.length, statements.length);
}
