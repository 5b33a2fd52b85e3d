import fc from 'fast-check';
import { fuzzRequestOf, NASTY_STRINGS, type FuzzSeeds } from './api-fuzz-inputs';

// Hostile HTTP requests, as bytes, over every operation of an OpenAPI document: the ones a
// client library would never send (invalid UTF-8 in paths and headers, bodies on GET, huge
// and repeated parameters, odd methods, framing the parser refuses) beside plausible ones with
// tampered cursors, foreign ids and bad keys. Each is sent as is on a raw socket.

export type AdversarialRequest = { kind: string; method: string; target: string; headers: Array<[string, string]>; body?: Buffer; operationId?: string };

export type DocumentOperation = { method: string; path: string; operationId: string; query: string[]; required: string[]; body: string[] };

export type AdversarialKeys = { valid: string; readOnly: string; revoked: string; expired: string };

export type AdversarialSeeds = FuzzSeeds & {
  /** A cursor an operation really issued: [operation path with its parameter filled in, cursor]. */
  cursors: Array<[string, string]>;
  /** A tweet by another account, which this caller may not delete. */
  foreignTweetId: string;
};

/** The operations of an OpenAPI 3.1 document, with their query and body inputs. */
export function operationsOf(document: any): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const parameters: any[] = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        required: [...parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name), ...(bodySchema.required ?? [])],
        body: Object.keys(bodySchema.properties ?? {}),
      });
    }
  }
  return out;
}

/** A value that makes a required input valid, by its name. */
function validValue(name: string, seeds: AdversarialSeeds): unknown {
  const [user, other] = seeds.usernames;
  const [tweet] = seeds.tweetIds;
  const values: Record<string, unknown> = {
    query: 'the',
    text: 'adversarial hello',
    usernames: [user, other],
    ids: [tweet],
    tweet_id: tweet,
    quoted_tweet_id: tweet,
    source: user,
    target: other,
    username: user,
    country: 'JP',
  };
  return values[name] ?? 'x';
}

function fill(path: string, seeds: AdversarialSeeds, value?: string): string {
  return path.replace(/\{(\w+)\}/, (_, name: string) => {
    if (value !== undefined) return value;
    if (/user/i.test(name)) return seeds.usernames[1];
    if (/list/i.test(name)) return seeds.listIds[0];
    if (/communit/i.test(name)) return seeds.communityIds[0];
    return seeds.tweetIds[0];
  });
}

function queryString(pairs: Array<[string, string]>): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Every kind of hostile request for one operation, around its valid form. */
function forOperation(operation: DocumentOperation, seeds: AdversarialSeeds, keys: AdversarialKeys): AdversarialRequest[] {
  const out: AdversarialRequest[] = [];
  const isPost = operation.method === 'POST';
  const validInputs: Record<string, unknown> = Object.fromEntries(operation.required.map((name) => [name, validValue(name, seeds)]));
  if (operation.query.includes('count') || operation.body.includes('count')) validInputs.count = 2;
  const target = (inputs: Record<string, unknown> = validInputs, path = fill(operation.path, seeds)) =>
    isPost ? path : `${path}${queryString(Object.entries(inputs).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;
  const body = (inputs: Record<string, unknown> = validInputs) => (isPost ? json(inputs) : undefined);
  const jsonType: Array<[string, string]> = [['content-type', 'application/json']];
  const add = (kind: string, request: Partial<AdversarialRequest> & { headers?: Array<[string, string]>; key?: string | null }) => {
    const key = request.key === undefined ? keys.valid : request.key;
    const headers: Array<[string, string]> = [...(key === null ? [] : [['authorization', `Bearer ${key}`] as [string, string]]), ...(request.headers ?? [])];
    const requestBody = 'body' in request ? request.body : body();
    if (requestBody && !headers.some(([name]) => name === 'content-type')) headers.push(...jsonType);
    out.push({ kind, method: request.method ?? operation.method, target: request.target ?? target(), headers, body: requestBody, operationId: operation.operationId });
  };

  // Valid, and with each kind of bad key.
  add('valid', {});
  for (const [kind, key] of [
    ['revoked key', keys.revoked],
    ['expired key', keys.expired],
    ['read-only key', keys.readOnly],
    ['unknown key', `perch_${'Q'.repeat(32)}`],
    ['short key', 'perch_abc'],
    ['huge key', `perch_${'A'.repeat(6000)}`],
    ['no key', null],
  ] as const) {
    add(kind, { key });
  }
  for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer  ', `bearer ${keys.valid}`, `Bearer ${keys.valid} extra`, `Bearer ${keys.valid.slice(0, -1)}é`]) {
    add('malformed authorization', { key: null, headers: [['authorization', authorization]] });
  }
  add('two authorization headers', { headers: [['authorization', `Bearer perch_${'Z'.repeat(32)}`]] });

  // Methods.
  for (const method of ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'TRACK', 'PROPFIND', 'FOO', 'get']) {
    if (method !== operation.method) add(`method ${method}`, { method, body: method === 'POST' ? json(validInputs) : undefined });
  }

  // Bodies: oversized, deeply nested, invalid UTF-8, wrong types, where none belongs.
  const bodies: Array<[string, Buffer]> = [
    ['70 KB body', json({ ...validInputs, pad: 'x'.repeat(70_000) })],
    ['300 KB body', json({ ...validInputs, pad: 'x'.repeat(300_000) })],
    ['nested arrays', Buffer.from(`${'['.repeat(30_000)}${']'.repeat(30_000)}`)],
    ['nested objects', Buffer.from(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`)],
    ['nested input', Buffer.from(`{"${operation.body[0] ?? 'query'}":${'['.repeat(5_000)}${']'.repeat(5_000)}}`)],
    ['invalid UTF-8 body', Buffer.concat([Buffer.from('{"query":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')])],
    ['lone surrogate escape', Buffer.from('{"query":"\\ud800","text":"\\udfff"}')],
    ['BOM body', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(validInputs)])],
    ['NUL bytes', Buffer.from('{"query":"a\u0000b"}\u0000')],
    ['not JSON', Buffer.from('query=the&count=2')],
    ['JSON array', json([validInputs])],
    ['huge number', Buffer.from('{"count":1e999999,"max_credits":-1e999}')],
    ['prototype keys', Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{}}}')],
    ['many keys', json(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])))],
  ];
  for (const [kind, bytes] of bodies) add(kind, { body: bytes, method: isPost ? 'POST' : operation.method });
  add('2 MB body', { body: Buffer.alloc(2 * 1024 * 1024, 0x20) });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', '', 'application/json;;;', 'application/jsonx']) {
    add(`content type ${type || 'empty'}`, { headers: [['content-type', type]], body: json(validInputs) });
  }
  add('no content type', { headers: [['content-type', '']], body: json(validInputs) });

  // Query strings: repeated, huge, invalid encodings, unknown names.
  const basePath = fill(operation.path, seeds);
  const sep = (t: string) => (t.includes('?') ? '&' : '?');
  const base = target();
  for (const [kind, extra] of [
    ['repeated parameter', 'count=1&count=2&count=3'],
    ['huge parameter', `cursor=${'A'.repeat(8_000)}`],
    ['huge count', 'count=99999999999999999999999999999'],
    ['negative count', 'count=-1'],
    ['float count', 'count=1.5e3'],
    ['invalid UTF-8 in query', 'query=%FF%FE&username=%C0%AF'],
    ['truncated escape', 'count=%2'],
    ['NUL in query', 'sort=%00latest'],
    ['unknown parameters', Array.from({ length: 300 }, (_, i) => `p${i}=${i}`).join('&')],
    ['empty names', '=&=&&&=1'],
    ['proto parameter', '__proto__=1&constructor=x'],
    ['max_credits zero', 'max_credits=0'],
    ['max_credits huge', 'max_credits=1e308'],
  ] as const) {
    add(kind, { target: `${base}${sep(base)}${extra}` });
  }

  // Cursors: tampered, truncated, from another operation or other parameters.
  for (const [from, cursor] of seeds.cursors) {
    const tampered = [
      cursor,
      `${cursor.slice(0, -2)}${cursor.slice(-2) === 'AA' ? 'BB' : 'AA'}`,
      cursor.slice(0, Math.floor(cursor.length / 2)),
      `${cursor}x`,
      Buffer.from(cursor).toString('base64'),
      cursor.split('').reverse().join(''),
      '%FF%FE',
    ];
    for (const value of tampered) {
      const withCursor = { ...validInputs, cursor: value };
      add(from === basePath ? 'own cursor tampered' : 'foreign cursor', { target: target(withCursor), body: body(withCursor) });
    }
  }

  // Paths: invalid UTF-8, huge segments, foreign and absent ids, odd shapes.
  if (/\{\w+\}/.test(operation.path)) {
    for (const [kind, segment] of [
      ['invalid UTF-8 segment', '%FF%FE%FD'],
      ['overlong UTF-8 segment', '%C0%AF'],
      ['raw bytes segment', '\u00ff\u00fe'],
      ['NUL segment', 'a%00b'],
      ['huge segment', 'x'.repeat(7_000)],
      ['absent id', '9'.repeat(19)],
      ['too big id', '9'.repeat(30)],
      ['negative id', '-1'],
      ['dot segment', '..'],
      ['encoded slash', 'a%2Fb'],
      ['at sign', `@${seeds.usernames[0]}`],
      ['foreign tweet', seeds.foreignTweetId],
    ] as const) {
      add(kind, { target: target(validInputs, fill(operation.path, seeds, segment)) });
    }
  }
  add('double slashes', { target: target(validInputs, basePath.replace('/v2/', '/v2//')) });
  add('trailing slash', { target: target(validInputs, `${basePath}/`) });
  add('upper-case prefix', { target: target(validInputs, basePath.replace('/v2', '/V2')) });
  add('absolute form', { target: `http://evil.example${target()}` });

  // Headers: huge, many, invalid bytes, bad framing.
  add('14 KB header', { headers: [['x-padding', 'p'.repeat(14_000)]] });
  add('20 KB header', { headers: [['x-padding', 'p'.repeat(20_000)]] });
  add('300 headers', { headers: Array.from({ length: 300 }, (_, i): [string, string] => [`x-h${i}`, String(i)]) });
  add('invalid UTF-8 header', { headers: [['x-name', '\u00c3\u0028\u00ff'], ['idempotency-key', '\u00ff\u00fe']] });
  add('huge idempotency key', { headers: [['idempotency-key', 'k'.repeat(5_000)]] });
  add('bad host', { headers: [['host', '[']] });
  add('bad host port', { headers: [['host', 'localhost:99999']] });
  add('userinfo host', { headers: [['host', 'u@evil']] });
  add('two content lengths', { headers: [['content-length', '5'], ['content-length', '7']], body: Buffer.from('{}') });
  add('content length and chunked', { headers: [['transfer-encoding', 'chunked'], ['content-length', '2']], body: Buffer.from('2\r\n{}\r\n0\r\n\r\n') });
  add('bad chunk size', { headers: [['transfer-encoding', 'chunked']], body: Buffer.from('zz\r\n{}\r\n0\r\n\r\n') });
  add('unknown transfer encoding', { headers: [['transfer-encoding', 'gzip, chunked']], body: Buffer.from('0\r\n\r\n') });
  add('expect continue', { headers: [['expect', '100-continue']] });
  add('expect unknown', { headers: [['expect', 'teapot']] });
  return out;
}

/** Random requests from the fuzz suite's arbitraries, made sendable as they are. */
function fuzzed(seeds: FuzzSeeds, keys: AdversarialKeys, count: number, seed: number): AdversarialRequest[] {
  return fc.sample(fuzzRequestOf(seeds), { numRuns: count, seed }).map((request) => {
    let url: URL;
    try {
      url = new URL(request.path, 'http://perch.test');
    } catch {
      url = new URL(`/v2/${encodeURIComponent(request.path)}`, 'http://perch.test');
    }
    for (const [key, value] of request.query) url.searchParams.append(key, value);
    const headers: Array<[string, string]> = [['authorization', `Bearer ${keys.valid}`]];
    for (const [name, value] of Object.entries(request.headers)) {
      // Bytes a header may carry (latin1); what it may not (CR, LF, NUL) would end the header early.
      headers.push([name, Buffer.from(value).toString('latin1').replace(/[\r\n\0]/g, '')]);
    }
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    return { kind: 'fuzzed', method: request.method, target: `${url.pathname}${url.search}`, headers, body };
  })
    // The API's requests only: paths the fuzz arbitraries aim elsewhere are the dashboard's.
    .filter((request) => /^\/v2(\/|\?|$)/i.test(request.target));
}

/** Hostile strings as every query value and path segment, one request each. */
function nastyInputs(operations: DocumentOperation[], seeds: AdversarialSeeds, keys: AdversarialKeys): AdversarialRequest[] {
  const out: AdversarialRequest[] = [];
  for (const operation of operations) {
    const names = operation.method === 'POST' ? operation.body : operation.query;
    for (const name of names.slice(0, 2)) {
      for (const nasty of NASTY_STRINGS) {
        const inputs: Record<string, unknown> = Object.fromEntries(operation.required.map((n) => [n, validValue(n, seeds)]));
        inputs[name] = nasty;
        const path = fill(operation.path, seeds);
        const headers: Array<[string, string]> = [['authorization', `Bearer ${keys.valid}`]];
        if (operation.method === 'POST') {
          headers.push(['content-type', 'application/json']);
          out.push({ kind: 'nasty body value', method: 'POST', target: path, headers, body: json(inputs) });
        } else {
          const pairs = Object.entries(inputs).map(([k, v]): [string, string] => {
            const text = typeof v === 'string' ? v : JSON.stringify(v);
            return [k, text];
          });
          let search: string;
          try {
            search = queryString(pairs);
          } catch {
            search = `?${name}=%ED%A0%80`; // a lone surrogate has no UTF-8 form: its raw bytes instead
          }
          out.push({ kind: 'nasty query value', method: operation.method, target: `${path}${search}`, headers });
        }
      }
    }
  }
  return out;
}

/** At least `minimum` hostile requests over every operation, in a fixed random order. */
export function adversarialRequests(document: any, seeds: AdversarialSeeds, keys: AdversarialKeys, minimum: number, seed = 1): AdversarialRequest[] {
  const operations = operationsOf(document);
  const targeted = operations.flatMap((operation) => forOperation(operation, seeds, keys));
  const nasty = nastyInputs(operations, seeds, keys);
  const all = [...targeted, ...nasty];
  // Random ones make up the rest (at least 1,000 of them); some aim outside /v2 and are dropped.
  for (let round = 0; all.length < minimum || round === 0; round++) {
    all.push(...fuzzed(seeds, keys, Math.max(1_000, Math.ceil((minimum - all.length) * 1.1)), seed + round));
  }
  return fc.sample(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), { numRuns: 1, seed })[0];
}

/** A request as the bytes on the wire: request line, headers (Host and Content-Length added unless given), body. */
export function requestBytes(request: AdversarialRequest, host: string): Buffer {
  const headers = [...request.headers];
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) headers.unshift(['host', host]);
  const framed = headers.some(([name]) => ['content-length', 'transfer-encoding'].includes(name.toLowerCase()));
  if (request.body && !framed) headers.push(['content-length', String(request.body.length)]);
  const head = [`${request.method} ${request.target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), request.body ?? Buffer.alloc(0)]);
}
