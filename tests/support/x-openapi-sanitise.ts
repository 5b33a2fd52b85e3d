import crypto from 'node:crypto';

// Prism answers from the static examples of X's description: every id is "string", every count
// -9007199254740991, a list's created_at "string", and every page has a next_token. Perch rightly
// leaves such records out (lib/platform/x/trusted.ts), so a user lookup answers 404 and the reads
// that follow it (a timeline by the user's id) are never sent. Sanitised, the same answers keep
// their shape but carry values X's syntax allows, so every chain of requests runs to its end:
// - `id`, `*_id` and `*_ids` strings become 19-digit decimal ids, hashed from the value and the
//   request (links inside one answer hold: an author_id still names its includes.users entry;
//   each page of a list gets ids of its own, so pages do not repeat each other);
// - the resource the path names keeps its id or username (GET /2/tweets/{id} answers that id),
//   and a batch (?ids=, ?usernames=) answers one record per requested id or username;
// - a `username` that is not 1–15 of [A-Za-z0-9_] becomes one; a negative `*_count` becomes
//   0–999; a `created_at` that is not a time becomes one; a media `type` that is none of X's
//   (photo, video, animated_gif) becomes photo;
// - `meta.next_token` is removed from any page asked for with a token, so paging ends; on a first
//   page it becomes 24 characters (the example's "string" is shorter than the 16 that
//   pagination_token takes on /2/users/{id}/followers and /following in the same description).

const TIME = '2026-11-20T12:00:00.000Z';
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const X_ID = /^[0-9]{1,19}$/;
const MEDIA_TYPES = ['photo', 'video', 'animated_gif'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

function hashedId(value: string, salt: string): string {
  const digest = BigInt(`0x${crypto.createHash('sha256').update(`${salt}\0${value}`).digest('hex').slice(0, 15)}`);
  // 10^18 + (digest mod 9·10^18): always 19 digits, the first 1–9.
  return String(10n ** 18n + (digest % (9n * 10n ** 18n)));
}

function hashedUsername(value: string, salt: string): string {
  return `u_${crypto.createHash('sha256').update(`${salt}\0${value}`).digest('hex').slice(0, 12)}`;
}

function walk(node: Json, key: string, salt: string, parent?: { [key: string]: Json }): Json {
  if (Array.isArray(node)) return node.map((item) => walk(item, key, salt, parent));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, walk(value, name, salt, node)]));
  }
  if (typeof node === 'string') {
    if (key === 'type' && parent && 'media_key' in parent) return MEDIA_TYPES.includes(node) ? node : 'photo';
    if (isIdKey(key)) return X_ID.test(node) ? node : hashedId(node, salt);
    if (key === 'username') return USERNAME.test(node) ? node : hashedUsername(node, salt);
    if (key === 'created_at') return Number.isNaN(new Date(node).getTime()) ? TIME : node;
  }
  if (typeof node === 'number' && key.endsWith('_count') && (node < 0 || !Number.isSafeInteger(node))) {
    return Number.isSafeInteger(node) ? Math.abs(node) % 1000 : 0;
  }
  return node;
}

/** The path's own parameters, by name, when the request matched `template` (/2/tweets/{id}). */
function pathParameters(template: string, pathname: string): Record<string, string> {
  const names = template.split('/');
  const values = pathname.split('/');
  const out: Record<string, string> = {};
  names.forEach((name, index) => {
    const match = /^\{(.+)\}$/.exec(name);
    if (match) out[match[1]] = decodeURIComponent(values[index] ?? '');
  });
  return out;
}

export type SanitiseRequest = { template: string | null; pathname: string; query: Record<string, string[]> };

/** Prism's JSON answer with values X's syntax allows (see above); anything not JSON is returned as is. */
export function sanitiseXAnswer(text: string, request: SanitiseRequest): string {
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return text;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return text;
  const salt = `${request.pathname}?${new URLSearchParams(Object.entries(request.query).flatMap(([name, values]) => values.map((value) => [name, value]))).toString()}`;
  const out = walk(body, '', salt) as { [key: string]: Json };
  // The records' own ids get a salt of their own: the example's referenced_posts, conversation_id
  // and includes.posts all say "string" too, and a post that retweets itself is no post of X's.
  const before = (body as { data?: Json }).data;
  const records = Array.isArray(out.data) ? out.data : [out.data];
  const originals = Array.isArray(before) ? before : [before];
  records.forEach((record, index) => {
    const was = (originals[index] as { id?: unknown } | null)?.id;
    if (record && typeof record === 'object' && !Array.isArray(record) && typeof was === 'string' && !X_ID.test(was)) record.id = hashedId(was, `${salt}\0own`);
  });

  const template = request.template ?? '';
  const named = pathParameters(template, request.pathname);
  const last = /\{(.+)\}$/.exec(template)?.[1];
  const data = out.data;
  // A single resource named by the path's last segment: it answers as that resource.
  if (last && data && typeof data === 'object' && !Array.isArray(data)) {
    if (last === 'username') data.username = named.username;
    else if (last === 'id') data.id = named.id;
  }
  // A batch: one record per requested id or username, each a copy of the example's first.
  const ids = request.query.ids?.[0]?.split(',');
  const usernames = request.query.usernames?.[0]?.split(',');
  const wanted = ids ?? usernames;
  if (wanted && Array.isArray(data) && data[0] && typeof data[0] === 'object' && !Array.isArray(data[0])) {
    const first = data[0];
    out.data = wanted.map((value) => ({ ...first, ...(ids ? { id: value } : { id: hashedId(value, 'batch'), username: value }) }));
  }

  const meta = out.meta;
  const paged = 'pagination_token' in request.query || 'next_token' in request.query;
  if (meta && typeof meta === 'object' && !Array.isArray(meta) && typeof meta.next_token === 'string') {
    if (paged) delete meta.next_token;
    else meta.next_token = crypto.createHash('sha256').update(`${salt}\0next_token`).digest('hex').slice(0, 24);
  }
  return JSON.stringify(out);
}
