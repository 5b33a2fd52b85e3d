import { inject } from 'vitest';

// Every test process talks to the run's own database, never to the operator's.
process.env.DATABASE_URL = inject('databaseUrl');
