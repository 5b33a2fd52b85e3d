import type http from 'node:http';
import { answerApiRequest } from '@/lib/api/dispatch';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';

/** /v2 served in this process over node:http on 127.0.0.1 (anything else answers 404), as server.ts binds it. */
export async function serveApiOnLoopback(): Promise<{ server: http.Server; base: string }> {
  const server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  return { server, base: `http://127.0.0.1:${port}` };
}
