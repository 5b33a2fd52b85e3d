import type http from 'node:http';
import { expect } from 'vitest';
import { answerApiRequest } from '@/lib/api/dispatch';
import { closeNotifications } from '@/lib/delivery/notifications';
import type { Realtime } from '@/lib/delivery/start-realtime';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { createApiAccount, type ApiAccount } from './api-client';
import { startWebhookReceiver } from './webhook-receiver';

export type RealtimeHarness = {
  account: ApiAccount;
  /** A webhook endpoint of the account, checking every signature. */
  receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  /** Where /v2 is served over HTTP, for GET /v2/stream. */
  base: string;
  /**
   * Ends what the test ran: the HTTP server (its open streams too), the real-time workers it
   * started, the LISTEN connection, the receiver, and the test's choice of served platforms.
   */
  stop(realtime: Realtime | null): Promise<void>;
};

/** An account with a registered webhook receiver and /v2 on a local port: what the real-time tests of each platform watch. */
export async function startRealtimeHarness(label: string): Promise<RealtimeHarness> {
  const account = await createApiAccount({ label });
  const receiver = await startWebhookReceiver();
  const endpoint = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(endpoint.status).toBe(200);
  receiver.setSecrets([endpoint.body.data.secret]);
  const server: http.Server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  return {
    account,
    receiver,
    base: `http://127.0.0.1:${port}`,
    stop: async (realtime) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await realtime?.stop();
      await closeNotifications();
      await receiver.down();
      setServedPlatforms(null);
    },
  };
}
