import type { FetchLike } from '@perch/client';

// A fetch for the client under test that passes every request to the real server and records
// it, optionally injecting a transport fault into chosen attempts: a hang, a connection
// failure, a lost response, a 5xx from a "proxy". The server itself is never imitated.

export type FetchFault =
  /** Never answers; rejects when the request is aborted (the client's timeout or signal). */
  | 'hang'
  /** Fails like a refused connection, before reaching the server. */
  | 'fail-before'
  /** Reaches the server and lets it finish, then loses the answer (a reset after the write happened). */
  | 'lose-answer'
  /** A gateway's 503 in front of the server, which is not reached. */
  | 'gateway-503';

export type RecordedAttempt = {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  startedAt: number;
  /** When the answer's headers arrived; null when there was none. */
  answeredAt: number | null;
  status: number | null;
  retryAfter: string | null;
  fault: FetchFault | null;
};

export type RecordingFetch = { fetch: FetchLike; attempts: RecordedAttempt[] };

function abortReason(signal: AbortSignal | null | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** A recording fetch; `faults[i]` is injected into the i-th attempt it sees. */
export function recordingFetch(faults: Array<FetchFault | null> = []): RecordingFetch {
  const attempts: RecordedAttempt[] = [];
  const fetchThrough: FetchLike = async (url, init) => {
    const fault = faults[attempts.length] ?? null;
    const attempt: RecordedAttempt = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      startedAt: performance.now(),
      answeredAt: null,
      status: null,
      retryAfter: null,
      fault,
    };
    attempts.push(attempt);
    if (fault === 'fail-before') throw new TypeError('fetch failed (injected: connection refused)');
    if (fault === 'hang') {
      return new Promise<Response>((_, reject) => {
        if (init.signal?.aborted) reject(abortReason(init.signal));
        init.signal?.addEventListener('abort', () => reject(abortReason(init.signal)), { once: true });
      });
    }
    if (fault === 'gateway-503') {
      attempt.answeredAt = performance.now();
      attempt.status = 503;
      return new Response('<html>503 Service Temporarily Unavailable</html>', { status: 503, headers: { 'content-type': 'text/html' } });
    }
    const response = await fetch(url, init);
    attempt.answeredAt = performance.now();
    attempt.status = response.status;
    attempt.retryAfter = response.headers.get('retry-after');
    if (fault === 'lose-answer') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed (injected: connection reset after the request was served)');
    }
    return response;
  };
  return { fetch: fetchThrough, attempts };
}
