import type pg from 'pg';

/** Where a statement runs: the pool, or a client inside a transaction the statement must be part of. */
export type Queryable = Pick<pg.Pool, 'query'>;
