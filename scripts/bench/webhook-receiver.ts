// The real-time benchmarks' webhook receiver: a plain HTTP server on 127.0.0.1 that checks each
// delivery's signature as a customer would, answers 204 and hands the parsed body with its
// arrival time to the bench. It can be taken down and brought back on the same port.
import http from 'node:http';
import { verifyWebhookSignature } from '@perch/client';
import { freePort } from '@/lib/server/free-port';

export type WebhookReceiver = {
  port: number;
  url: string;
  /** The endpoint's signing secret, once the endpoint is registered (until then every body is refused). */
  secret: string;
  badSignatures: number;
  up(): Promise<void>;
  down(): Promise<void>;
};

export async function startWebhookReceiver(onEvent: (event: unknown, arrivedAt: number) => void): Promise<WebhookReceiver> {
  const port = await freePort();
  let server: http.Server | null = null;
  const receiver: WebhookReceiver = {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    secret: '',
    badSignatures: 0,
    up: () =>
      new Promise<void>((resolve) => {
        server = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', async () => {
            // Taken when the body is in, before the signature check: the delivery has arrived.
            const arrivedAt = Date.now();
            const raw = Buffer.concat(chunks).toString();
            if (!(await verifyWebhookSignature({ body: raw, signature: req.headers['perch-signature'] as string, secret: receiver.secret }))) {
              receiver.badSignatures++;
              res.writeHead(401).end();
              return;
            }
            onEvent(JSON.parse(raw), arrivedAt);
            res.writeHead(204).end();
          });
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    down: () => new Promise<void>((resolve) => (server ? (server.close(() => resolve()), server.closeAllConnections(), (server = null)) : resolve())),
  };
  await receiver.up();
  return receiver;
}
