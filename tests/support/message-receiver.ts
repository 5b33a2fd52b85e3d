import http from 'node:http';
import { freePort } from '@/lib/server/free-port';

export type ReceivedMessage = { headers: http.IncomingHttpHeaders; body: Record<string, unknown>; status: number };

/**
 * A loopback stand-in for a Slack or Discord incoming webhook: records every POST's JSON body
 * and answers 200 ("ok", as Slack does), or 500 for the next `failNext` requests, as a service
 * having a bad moment.
 */
export async function startMessageReceiver() {
  const port = await freePort();
  const received: ReceivedMessage[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failures > 0 ? 500 : 200;
      if (failures > 0) failures -= 1;
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'internal error');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/secret`,
    received,
    /** The bodies answered 200, in order. */
    accepted: () => received.filter((message) => message.status === 200),
    failNext: (count: number) => {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
