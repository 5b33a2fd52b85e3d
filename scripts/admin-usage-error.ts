/** A command used wrongly (a missing or bad option): one line on stderr, exit code 2. */
export class UsageError extends Error {}
