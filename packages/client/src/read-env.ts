type ProcessLike = { process?: { env?: Record<string, string | undefined> } };
type DenoLike = { Deno?: { env?: { get(name: string): string | undefined } } };

/**
 * An environment variable where the runtime has them (Node, Bun, Deno), else undefined
 * (browsers, edge). Reached through globalThis so that bundlers neither polyfill `process`
 * nor inline a server's secret into a browser bundle.
 */
export function readEnv(name: string): string | undefined {
  try {
    const fromProcess = (globalThis as ProcessLike).process?.env?.[name];
    if (fromProcess !== undefined) return fromProcess;
    return (globalThis as DenoLike).Deno?.env?.get(name);
  } catch {
    // Deno without --allow-env throws on access: no permission means no default, not a crash.
    return undefined;
  }
}
