import type { Tweet } from '../../types';
import { mapPost, parseAtUri, type ProfileView } from '../map-records';
import { POST_COLLECTION, type StreamPost } from './stream-events';

// A post from the stream carries its record only: no view of its author, no counts, no
// rendered embeds. It becomes a Tweet with the adapter's own mapping, its author hydrated from
// the AppView when known. What a brand-new record cannot say is what the mapping leaves empty:
// counts are 0 (the post was just made), media and the quoted post need the AppView's views.

/** The DIDs a stream post's matching may need profiles of: its author and the author it replies to. */
export function streamPostDids(post: StreamPost): string[] {
  const parent = post.record.reply?.parent.uri;
  return parent ? [post.did, parseAtUri(parent).authority] : [post.did];
}

/** A stream post as a Tweet; `author` is its author's profile, or null when the AppView does not know it yet (then the DID stands for the handle). */
export function mapStreamPost(post: StreamPost, author: ProfileView | null, seenAt: Date): Tweet {
  return mapPost({
    uri: `at://${post.did}/${POST_COLLECTION}/${post.rkey}`,
    author: author ?? { did: post.did, handle: post.did },
    record: post.record,
    indexedAt: seenAt.toISOString(),
  });
}
