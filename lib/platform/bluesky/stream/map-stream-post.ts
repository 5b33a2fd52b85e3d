import type { Tweet } from '../../types';
import { mapPost, parseAtUri, type ProfileView } from '../map-records';
import { isActor } from '../syntax';
import { POST_COLLECTION, type StreamPost } from './stream-events';

// A post from the stream carries its record only: no view of its author, no counts, no
// rendered embeds. It becomes a Tweet with the adapter's own mapping, its author hydrated from
// the AppView when known. What a brand-new record cannot say is what the mapping leaves empty:
// counts are 0 (the post was just made), media and the quoted post need the AppView's views.

/**
 * The DIDs a stream post's matching may need profiles of: its author and the author it replies
 * to. The reply's URI is whatever the record says: one that names no DID is left out, or the
 * AppView would refuse the whole lookup.
 */
export function streamPostDids(post: StreamPost): string[] {
  const parent = post.record.reply?.parent?.uri;
  const dids = [post.did, ...(typeof parent === 'string' ? [parseAtUri(parent).authority] : [])];
  return dids.filter((did) => did.startsWith('did:') && isActor(did));
}

/**
 * A stream post as a Tweet; `author` is its author's profile, or null when the AppView does not
 * know it yet (then the DID stands for the handle). Throws for a record that is not a post Perch
 * can keep: malformed (the stream carries what clients wrote, valid or not) or holding NUL
 * characters, which PostgreSQL cannot store.
 */
export function mapStreamPost(post: StreamPost, author: ProfileView | null, seenAt: Date): Tweet {
  if (post.record.text !== undefined && typeof post.record.text !== 'string') throw new Error('its text is not a string');
  const tweet = mapPost({
    uri: `at://${post.did}/${POST_COLLECTION}/${post.rkey}`,
    author: author ?? { did: post.did, handle: post.did },
    record: post.record,
    indexedAt: seenAt.toISOString(),
  });
  if (JSON.stringify(tweet).includes('\\u0000')) throw new Error('it holds NUL characters');
  return tweet;
}
