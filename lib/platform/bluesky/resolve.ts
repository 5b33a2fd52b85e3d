import { NotFoundError, type NotFoundKind } from '../errors';
import { parseRecordId } from './syntax';
import type { BlueskyUpstream } from './upstream';

// Perch ids name records by "<DID or handle>~<record key>"; the AppView wants AT-URIs with DIDs.

/** The DID of a handle or DID; 404 (of `kind`) when the handle resolves to nobody. */
export async function didOf(upstream: BlueskyUpstream, actor: string, kind: NotFoundKind = 'user'): Promise<string> {
  if (actor.startsWith('did:')) return actor;
  const { did } = await upstream.read<{ did: string }>('com.atproto.identity.resolveHandle', { handle: actor }, kind);
  if (!did) throw new NotFoundError(kind);
  return did;
}

/** The AT-URI of a post (`kind` 'tweet') or list ('list') id. */
export async function uriOf(upstream: BlueskyUpstream, id: string, kind: 'tweet' | 'list'): Promise<string> {
  const { actor, rkey } = parseRecordId(id);
  const collection = kind === 'tweet' ? 'app.bsky.feed.post' : 'app.bsky.graph.list';
  return `at://${await didOf(upstream, actor, kind)}/${collection}/${rkey}`;
}
