import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

// @modelcontextprotocol/inspector's CLI mode (a client no one here wrote) against /mcp.
// Inspector 0.15's CLI has no flag for request headers (later versions add --header), so it
// talks to a loopback proxy that adds `Authorization: Bearer <key>` to each request and passes
// everything else through unchanged, both ways.

const run = promisify(execFile);
const INSPECTOR = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'mcp-inspector');

/** A loopback proxy to `target` (an http://127.0.0.1 origin) that adds the key to every request. */
async function keyProxy(target: string, key: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const proxy = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host, authorization: `Bearer ${key}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** Runs `mcp-inspector --cli <origin>/mcp --transport http --method …` with the key; its JSON output, parsed. */
export async function inspectorCli<T = unknown>(origin: string, key: string, args: string[]): Promise<T> {
  const proxy = await keyProxy(origin, key);
  try {
    const { stdout } = await run(INSPECTOR, ['--cli', `${proxy.url}/mcp`, '--transport', 'http', ...args], { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 });
    return JSON.parse(stdout) as T;
  } finally {
    await proxy.close();
  }
}
