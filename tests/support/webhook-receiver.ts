import http from 'node:http';
import { verifyWebhookSignature } from '@perch/client';
import { freePort } from '@/lib/server/free-port';

export type Received = {
  deliveryId: string;
  body: { id: string; event: string; match: { id: string; rule: { id: string; tag: string }; matched_at: string } | null; tweet: { id: string } | null };
  signatures: string[];
  /** When the request's body had arrived (ms since the epoch). */
  receivedAt: number;
};

/**
 * A real HTTP receiver on a loopback port that verifies each delivery's Perch-Signature
 * against the secrets it was given with the client's verifyWebhookSignature (401 when none verifies) and can go down and come back
 * on the same port, as a customer's server does.
 */
export async function startWebhookReceiver() {
  const port = await freePort();
  const received: Received[] = [];
  const rejected: string[] = [];
  let secrets: string[] = [];
  let server: http.Server | null = null;

  // The client's own verifier: what a customer's receiver would run.
  const verify = (header: string, raw: string): Promise<boolean> => verifyWebhookSignature({ body: raw, signature: header, secret: secrets });

  const up = () =>
    new Promise<void>((resolve) => {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', async () => {
          const raw = Buffer.concat(chunks).toString();
          const header = String(req.headers['perch-signature'] ?? '');
          if (!(await verify(header, raw))) {
            rejected.push(raw);
            res.writeHead(401).end();
            return;
          }
          received.push({
            deliveryId: String(req.headers['perch-delivery-id']),
            body: JSON.parse(raw),
            signatures: header.split(',').filter((p) => p.startsWith('v1=')),
            receivedAt: Date.now(),
          });
          res.writeHead(204).end();
        });
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });

  const down = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
      server = null;
    });

  await up();
  return {
    url: `http://127.0.0.1:${port}/hooks/perch`,
    received,
    rejected,
    setSecrets: (next: string[]) => {
      secrets = next;
    },
    /** Another endpoint's secret, accepted besides the current ones. */
    addSecret: (secret: string) => {
      secrets = [...secrets, secret];
    },
    up,
    down,
    /** Distinct delivery ids received, and how many arrived more than once. */
    counts: () => {
      const ids = received.map((r) => r.deliveryId);
      return { distinct: new Set(ids).size, duplicates: ids.length - new Set(ids).size };
    },
  };
}
