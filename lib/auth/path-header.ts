/** Set by proxy.ts on every page request (replacing any a client sent): the path and query. */
export const PATH_HEADER = 'x-perch-path';
