import net from 'node:net';

// HTTP/1.1 over a bare TCP socket, for what fetch will not send (a Host of `[`, TRACE, a body
// on GET, headers dribbled one byte at a time) and to see how the server ends a connection:
// a clean FIN or a reset.

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: any;
};

export type RawConnection = {
  socket: net.Socket;
  /**
   * Sends bytes and waits for one complete answer (by Content-Length, or up to the close;
   * 1xx interim answers skipped). Without one it throws a RawExchangeError saying why.
   */
  exchange(bytes: string | Buffer, timeoutMs?: number, options?: { head?: boolean }): Promise<RawAnswer>;
  /** Resolves with how the server ended the connection: 'fin' (clean), 'reset' or 'timeout' (still open). */
  ending(timeoutMs: number): Promise<'fin' | 'reset' | 'timeout'>;
  close(): void;
};

/** No answer came: the connection was reset, closed without one, or nothing came in time. */
export class RawExchangeError extends Error {
  constructor(
    readonly outcome: 'reset' | 'closed' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** Opens a TCP connection to the server at `url` (only host and port are used). */
export async function rawConnect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let waiter: (() => void) | null = null;
  let ended: 'fin' | 'reset' | null = null;
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    waiter?.();
  });
  socket.on('end', () => {
    ended ??= 'fin';
    waiter?.();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    ended = error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : (ended ?? 'reset');
    waiter?.();
  });
  socket.on('close', () => {
    ended ??= 'fin';
    waiter?.();
  });

  const until = (done: () => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (done()) return resolve(true);
      const timer = setTimeout(() => {
        waiter = null;
        resolve(false);
      }, timeoutMs);
      waiter = () => {
        if (!done()) return;
        clearTimeout(timer);
        waiter = null;
        resolve(true);
      };
    });

  /** One complete answer at the head of the buffer, removed from it; null while incomplete. */
  const takeAnswer = (closed: boolean, isHead = false): RawAnswer | null => {
    let head = buffer.indexOf('\r\n\r\n');
    // Interim answers (100 Continue) come before the real one.
    while (head >= 0 && / 1\d\d /.test(buffer.subarray(0, Math.min(head, 16)).toString('latin1').slice(8, 13))) {
      buffer = buffer.subarray(head + 4);
      head = buffer.indexOf('\r\n\r\n');
    }
    if (head < 0) return null;
    const lines = buffer.subarray(0, head).toString('latin1').split('\r\n');
    const status = Number(lines[0].split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    // An event stream (GET /v2/stream) stays open by design: its headers are the whole answer.
    if (!isHead && /^text\/event-stream/i.test(headers['content-type'] ?? '')) {
      buffer = Buffer.alloc(0);
      return { status, headers, body: '', json: undefined };
    }
    if (!isHead && /chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const decoded = dechunk(buffer.subarray(head + 4));
      if (!decoded) return null;
      buffer = buffer.subarray(head + 4 + decoded.consumed);
      const body = decoded.body.toString('utf8');
      return { status, headers, body, json: parseJson(body) };
    }
    const length = isHead ? 0 : headers['content-length'] === undefined ? null : Number(headers['content-length']);
    const available = buffer.length - head - 4;
    if (length === null ? !closed : available < length) return null;
    const bodyBytes = buffer.subarray(head + 4, head + 4 + (length ?? available));
    buffer = buffer.subarray(head + 4 + bodyBytes.length);
    const body = bodyBytes.toString('utf8');
    return { status, headers, body, json: parseJson(body) };
  };

  return {
    socket,
    async exchange(bytes, timeoutMs = 15_000, { head = false } = {}) {
      if (bytes.length > 0 && !socket.destroyed) socket.write(bytes);
      let answer: RawAnswer | null = null;
      await until(() => (answer = takeAnswer(ended !== null, head)) !== null || ended !== null, timeoutMs);
      answer ??= takeAnswer(true, head);
      if (!answer) {
        const outcome = ended === 'reset' ? 'reset' : ended === 'fin' ? 'closed' : 'timeout';
        throw new RawExchangeError(outcome, `no complete answer within ${timeoutMs} ms (connection ${ended ?? 'open'}; got ${JSON.stringify(buffer.toString('latin1').slice(0, 200))})`);
      }
      return answer;
    },
    async ending(timeoutMs) {
      await until(() => ended !== null, timeoutMs);
      return ended ?? 'timeout';
    },
    close() {
      socket.destroy();
    },
  };
}

/** The bytes of an HTTP/1.1 request. */
export function rawRequest(method: string, path: string, headers: Record<string, string | number>, body: string | Buffer = ''): Buffer {
  const head = [`${method} ${path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A chunked body at the head of `bytes` (trailers skipped), or null while it is incomplete. */
function dechunk(bytes: Buffer): { body: Buffer; consumed: number } | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(bytes.subarray(offset, lineEnd).toString('latin1').split(';')[0], 16);
    if (Number.isNaN(size)) throw new Error(`bad chunk size in the server's answer: ${bytes.subarray(offset, lineEnd).toString('latin1')}`);
    if (size === 0) {
      const end = bytes.indexOf('\r\n\r\n', lineEnd);
      if (end < 0) return null;
      return { body: Buffer.concat(parts), consumed: end + 4 };
    }
    if (bytes.length < lineEnd + 2 + size + 2) return null;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
