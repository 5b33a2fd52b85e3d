/** A numeric setting from the environment, read at each use so tests can change it; `fallback` when unset. */
export const numberSetting = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
