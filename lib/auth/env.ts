/** The environment variables a function reads; a plain object in tests, process.env otherwise. */
export type Env = Readonly<Record<string, string | undefined>>;
