import http from 'node:http';
import { verifyWebhookSignature } from '@perch/client';
import { freePort } from '@/lib/server/free-port';

export type FlakyReceived = { deliveryId: string; body: { id: string; event: string; match: { id: string; rule: { id: string; tag: string } } | null; data?: unknown } };

/**
 * A loopback webhook receiver that answers 500 to the first `failures` attempts of every
 * delivery (by Perch-Delivery-Id), and to the first `failFirstRequests` requests whatever they
 * are, and 204 after, verifying each signature: a customer's server that fails first attempts.
 * `accepted` lists the deliveries it took, in the order they arrived.
 */
export async function startFlakyReceiver(failures = 1, failFirstRequests = 0) {
  let requests = 0;
  const port = await freePort();
  const attempts = new Map<string, number>();
  const accepted: FlakyReceived[] = [];
  let secrets: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString();
      if (!(await verifyWebhookSignature({ body: raw, signature: String(req.headers['perch-signature'] ?? ''), secret: secrets }))) {
        res.writeHead(401).end();
        return;
      }
      const deliveryId = String(req.headers['perch-delivery-id']);
      const seen = (attempts.get(deliveryId) ?? 0) + 1;
      attempts.set(deliveryId, seen);
      requests += 1;
      if (seen <= failures || requests <= failFirstRequests) {
        res.writeHead(500).end();
        return;
      }
      accepted.push({ deliveryId, body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/hooks/perch`,
    accepted,
    /** How many attempts each delivery took. */
    attempts,
    setSecrets: (next: string[]) => {
      secrets = next;
    },
    /** Another endpoint's secret, accepted besides the current ones. */
    addSecret: (secret: string) => {
      secrets = [...secrets, secret];
    },
    down: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
