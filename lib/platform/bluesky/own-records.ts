import type { Agent } from '@atproto/api';
import { parseAtUri } from './map-records';
import type { BlueskyUpstream } from './upstream';

// Whether the connected account already liked, reposted or followed something, read for a
// write: never from Perch's upstream cache, which may hold an answer from before the last write.
// The account's PDS is the authority and has a record the moment it is written, but lists a
// collection only newest first, so it answers for recent records; the AppView, asked as the
// account, names the record of any age (its viewer state) but indexes a new one a moment
// later. Both are asked, and an AppView answer is confirmed on the PDS (the record may have
// been deleted since the AppView saw it).

/** The account a write acts as, logged in on its PDS. */
export type WriteSession = { agent: Agent; did: string };

/** The record collections a toggle writes. */
export type ToggleCollection = 'app.bsky.feed.like' | 'app.bsky.feed.repost' | 'app.bsky.graph.follow';

/** Records of a collection read from the PDS, newest first, before asking the AppView. */
const RECENT_RECORDS = 100;

/**
 * The AT-URIs of the account's records of `collection` whose subject is `subject` (a post's
 * AT-URI, or a DID for a follow), newest first; empty when it has none. More than one when
 * another client wrote a duplicate: undoing removes them all.
 */
export async function ownRecordsAbout(upstream: BlueskyUpstream, session: WriteSession, collection: ToggleCollection, subject: string): Promise<string[]> {
  const page = await upstream.guard(null, () => session.agent.com.atproto.repo.listRecords({ repo: session.did, collection, limit: RECENT_RECORDS }));
  const found = page.data.records.filter((record) => subjectOf(record.value) === subject).map((record) => record.uri);
  // Every record of the collection was on that page: there is nothing older to look for.
  if (found.length > 0 || !page.data.cursor || page.data.records.length < RECENT_RECORDS) return found;
  const older = await viewerRecord(upstream, session, collection, subject);
  return older && (await existsOnPds(upstream, session, older)) ? [older] : [];
}

function subjectOf(value: unknown): string | undefined {
  const subject = (value as { subject?: string | { uri?: string } }).subject;
  return typeof subject === 'string' ? subject : subject?.uri;
}

/** The record the AppView's viewer state names for the account, through its own session. */
async function viewerRecord(upstream: BlueskyUpstream, session: WriteSession, collection: ToggleCollection, subject: string): Promise<string | undefined> {
  if (collection === 'app.bsky.graph.follow') {
    const profile = await upstream.guard('user', () => session.agent.app.bsky.actor.getProfile({ actor: subject }));
    return profile.data.viewer?.following;
  }
  const answer = await upstream.guard('tweet', () => session.agent.app.bsky.feed.getPosts({ uris: [subject] }));
  const viewer = answer.data.posts[0]?.viewer;
  return collection === 'app.bsky.feed.like' ? viewer?.like : viewer?.repost;
}

async function existsOnPds(upstream: BlueskyUpstream, session: WriteSession, uri: string): Promise<boolean> {
  const { authority, collection, rkey } = parseAtUri(uri);
  if (authority !== session.did) return false;
  return upstream.guard(null, async () => {
    try {
      await session.agent.com.atproto.repo.getRecord({ repo: session.did, collection, rkey });
      return true;
    } catch (error) {
      // Deleted since the AppView saw it: the one answer that means "no record".
      if ((error as { error?: string }).error === 'RecordNotFound') return false;
      throw error;
    }
  });
}
