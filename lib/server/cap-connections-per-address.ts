import type http from 'node:http';
import { isIPv6 } from 'node:net';
import type { Socket } from 'node:net';

/**
 * Who a connection's address counts as: an IPv4 address (also when written as IPv6-mapped,
 * `::ffff:1.2.3.4`), or an IPv6 address's /64 network, the block one client is usually given
 * (counting single IPv6 addresses would let it open connections from as many as it likes).
 */
export function addressGroup(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:') && lower.includes('.')) return lower.slice(7);
  if (!isIPv6(lower)) return lower;
  const [head, tail = ''] = lower.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail (`::1.2.3.4`) takes two groups; only the first four groups count anyway.
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts open connections per client address (socket address: see addressGroup) and marks each
 * connection past `cap` as refused: its first request is answered 429 too_many_connections and
 * it is closed, or it is destroyed after `graceMs` if no request came by then (a client holding
 * connections open without asking cannot keep them). Returns the check the request handler asks.
 */
export function capConnectionsPerAddress(server: http.Server, cap: number, graceMs: number): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress ?? '');
    const count = (open.get(group) ?? 0) + 1;
    open.set(group, count);
    socket.once('close', () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left > 0) open.set(group, left);
      else open.delete(group);
    });
    if (count <= cap) return;
    refused.add(socket);
    const timer = setTimeout(() => socket.destroy(), graceMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  return (socket) => refused.has(socket);
}
