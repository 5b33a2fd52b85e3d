import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
// @ts-expect-error pg ships no types for its internal Result class
import PgResult from 'pg/lib/result.js';

// `prisma generate` wants a URL in the datasource block even though it never connects;
// without one it falls back to the native query engine, which cannot be downloaded here.
process.env.DATABASE_URL ??= 'postgresql://placeholder:placeholder@127.0.0.1:5432/placeholder';

// prisma/orm#27403: the WebAssembly schema engine rejects catalog columns of type "char",
// name, regproc, pg_node_tree and regconfig. Relabelling them as text (OID 25) before pg
// picks a parser is lossless: all five arrive as plain text on the wire.
const catalogTextOids = new Set([18, 19, 24, 194, 2205]);
const addFields = PgResult.prototype.addFields;
PgResult.prototype.addFields = function (fields: Array<{ dataTypeID: number }>) {
  for (const field of fields) if (catalogTextOids.has(field.dataTypeID)) field.dataTypeID = 25;
  return addFields.call(this, fields);
};

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    // allowExitOnIdle: without it the CLI waits out the pool's 10 s idle timeout before exiting.
    return new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true });
  },
});
