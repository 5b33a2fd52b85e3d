import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { RETRY_POLICY } from './retry-policy';
import { isPublicAddress, privateTargetsAllowed } from './target-address';

/** What one POST to an endpoint came to: its 2xx status, or the reason it failed. */
export type PostOutcome = { ok: true; statusCode: number; latencyMs: number } | { ok: false; statusCode: number | null; error: string; latencyMs: number };

/** Every address a host name resolves to (dns.lookup with all: the system resolver, /etc/hosts included). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** For tests: another resolver, address rule or time limit than the real ones. */
export type PostOptions = { resolve?: ResolveHost; allowAddress?: (address: string) => boolean; timeoutMs?: number };

/**
 * The only words a delivery log shows for a failed attempt besides "HTTP <status>". An address
 * refused by the SSRF rule reads "could not connect", like a name that does not resolve or a
 * closed port: a distinct word would tell a caller which internal names exist.
 */
export const POST_FAILURES = { connect: 'could not connect', timeout: 'timed out', tls: 'TLS error' } as const;

// Drained answer bodies are capped: a receiver's answer is not needed, only its status.
const MAX_DRAINED_BYTES = 64 * 1024;

const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true });

class AttemptFailure extends Error {
  constructor(readonly kind: keyof typeof POST_FAILURES) {
    super(POST_FAILURES[kind]);
  }
}

/**
 * A lookup for net.connect that resolves the host and answers only if every address is allowed,
 * so the socket connects to exactly the addresses that were checked (no second resolution for a
 * DNS rebinding to slip into). A host with any refused address is refused as a whole.
 */
function checkedLookup(resolve: ResolveHost, allowAddress: (address: string) => boolean): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    // net asks for every address (all: true) when it tries them in turn (autoSelectFamily).
    const options = lookupOptions as dns.LookupOptions;
    resolve(hostname).then(
      (answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = answers.filter((answer) => family === 0 || answer.family === family);
        if (usable.length === 0 || answers.some((answer) => !allowAddress(answer.address))) throw new AttemptFailure('connect');
        if (options.all) (callback as unknown as (error: null, addresses: typeof usable) => void)(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
    ).catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

// Keep-alive pools, one per protocol and setting, so a socket opened while private addresses were
// allowed is never reused after they no longer are.
const agents = new Map<string, http.Agent>();
function sharedAgent(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, lookup: checkedLookup(systemResolve, (address: string) => allowPrivate || isPublicAddress(address)) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/u;

/** The delivery log's word for an error: never a low-level code, which would make the log a port scanner. */
function failureOf(error: unknown): string {
  if (error instanceof AttemptFailure) return error.message;
  const code = String((error as NodeJS.ErrnoException).code ?? '');
  if (code === 'ETIMEDOUT') return POST_FAILURES.timeout;
  if (TLS_CODE.test(code) || /SSL|TLS|certificate/iu.test((error as Error).message ?? '')) return POST_FAILURES.tls;
  return POST_FAILURES.connect;
}

/**
 * POSTs one signed webhook body to an endpoint URL: HTTPS (plain HTTP only while private
 * addresses are allowed), to public addresses only unless PERCH_WEBHOOK_ALLOW_PRIVATE=1, checked
 * on the very addresses the socket connects to; no redirect followed; bounded by the delivery
 * timeout. A failure reads "could not connect", "timed out", "TLS error" or "HTTP <status>".
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: PostOptions = {}): Promise<PostOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const allowPrivate = privateTargetsAllowed();
  const allowAddress = options.allowAddress ?? ((address: string) => allowPrivate || isPublicAddress(address));
  const timeoutMs = options.timeoutMs ?? RETRY_POLICY.timeoutMs;
  const failed = (error: unknown): PostOutcome => ({ ok: false, statusCode: null, error: failureOf(error), latencyMs: latency() });

  let target: URL;
  try {
    target = new URL(url);
  } catch (error) {
    return failed(error);
  }
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && allowPrivate)) return failed(new AttemptFailure('connect'));
  // An address in the URL itself is never looked up (net.connect skips the lookup): checked here.
  const literal = target.hostname.replace(/^\[(.*)\]$/u, '$1');
  if (net.isIP(literal) && !allowAddress(literal)) return failed(new AttemptFailure('connect'));

  // Tests with their own resolver or rule get a pool of their own, used once.
  const custom = options.resolve !== undefined || options.allowAddress !== undefined;
  const transport = target.protocol === 'https:' ? https : http;
  const agent = custom
    ? new transport.Agent({ keepAlive: false, lookup: checkedLookup(options.resolve ?? systemResolve, allowAddress) })
    : sharedAgent(target.protocol, allowPrivate);

  try {
    const statusCode = await new Promise<number>((resolve, reject) => {
      const request = transport.request(target, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
      const timer = setTimeout(() => request.destroy(new AttemptFailure('timeout')), timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.on('response', (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        // Drain a little of the answer so the connection can be reused; give up on a long or slow one.
        let drained = 0;
        const giveUp = setTimeout(() => response.destroy(), timeoutMs);
        response.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > MAX_DRAINED_BYTES) response.destroy();
        });
        response.on('close', () => clearTimeout(giveUp));
        response.on('error', () => clearTimeout(giveUp));
      });
      request.end(body);
    });
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, latencyMs: latency() };
    return { ok: false, statusCode, error: `HTTP ${statusCode}`, latencyMs: latency() };
  } catch (error) {
    return failed(error);
  } finally {
    if (custom) agent.destroy();
  }
}
