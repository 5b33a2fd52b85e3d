// Telling "the database is down or restarting" from every other failure, so callers answer
// 503 and retry later instead of reporting a bug: the /v2 errors, the dashboard, and the
// background loops (live simulator, hold sweeper) that must back off quietly.

// SQLSTATE classes and codes PostgreSQL sends while it cannot serve: 08 connection
// exceptions, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
// up or recovering), 53300 too many connections.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket errors from Node while the server is unreachable.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
// Prisma's codes for the same conditions (can't reach, timed out, closed, pool timeout).
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
// pg and pg-pool say these in words only, without a code.
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|server closed the connection unexpectedly|Can't reach database server/i;

/** Seconds a client is asked to wait (Retry-After) before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Whether `error` (or its cause) means the database cannot be reached or cannot serve right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code) || PRISMA_CODES.has(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // AggregateError (a connect to several addresses) and wrapped errors.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
