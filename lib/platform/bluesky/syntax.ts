import type { PlatformSyntax } from '../syntax';

// Bluesky names users by handle (a domain name: alice.bsky.social) or by DID (did:plc:…), and
// identifies a post or list by its AT-URI, at://<did>/<collection>/<record key>. Perch's id for
// such a record is "<did>~<record key>": URL-safe (no slashes), readable, and reversible without
// any lookup table, because a DID never contains "~" and the collection follows from what the
// id names (a tweet id is an app.bsky.feed.post, a list id an app.bsky.graph.list).

const HANDLE = String.raw`(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?`;
const DID = String.raw`did:[a-z]{1,32}:[a-zA-Z0-9._:%-]{0,254}[a-zA-Z0-9._-]`;
const RECORD_KEY = String.raw`[a-zA-Z0-9._:~-]{1,512}`;

const ACTOR = new RegExp(`^(?:${DID}|${HANDLE})$`);
const USERNAME = new RegExp(`^@?(?:${DID}|(?=.{1,253}$)${HANDLE})$`);
const ID = new RegExp(`^(?:${DID}|(?=[^~]{1,253}~)${HANDLE})~${RECORD_KEY}$`);
const AT_URI = new RegExp(`^at://(${DID}|${HANDLE})/app\\.bsky\\.feed\\.post/(${RECORD_KEY})$`);
const WEB_URL = new RegExp(`^https?://[^\\s/]+/profile/(${DID}|${HANDLE})/post/(${RECORD_KEY})(?:[?#].*)?$`);

/** A handle in lower case (handles ignore case); a DID as it is. */
export function normalizeActor(actor: string): string {
  const bare = actor.replace(/^@/, '');
  return bare.startsWith('did:') ? bare : bare.toLowerCase();
}

/** Perch's id of the record at://<actor>/<collection>/<rkey>. */
export function recordId(actor: string, rkey: string): string {
  return `${actor}~${rkey}`;
}

/** The actor (DID or handle) and record key of a Perch id; it has passed the syntax check. */
export function parseRecordId(id: string): { actor: string; rkey: string } {
  const cut = id.indexOf('~');
  return { actor: id.slice(0, cut), rkey: id.slice(cut + 1) };
}

/** Whether a string is a DID or a handle. */
export function isActor(value: string): boolean {
  return ACTOR.test(value);
}

export const BLUESKY_SYNTAX: PlatformSyntax = {
  username: {
    pattern: USERNAME,
    message: 'must be a Bluesky handle (alice.bsky.social) or a DID (did:plc:…), optionally after @',
    normalize: normalizeActor,
    description: 'a handle such as alice.bsky.social (case-insensitive) or a DID such as did:plc:z72i7hdynmk6r22z27h6tvur, optionally after @',
  },
  id: {
    pattern: ID,
    message: 'must be a Bluesky id: <DID or handle>~<record key>, as found in responses',
    normalize: (value) => {
      const { actor, rkey } = parseRecordId(value);
      return recordId(normalizeActor(actor), rkey);
    },
    description: "<DID or handle>~<record key>, from the record's AT-URI at://<DID>/<collection>/<record key>, as found in responses",
  },
  tweetReference: (value) => {
    if (ID.test(value)) return BLUESKY_SYNTAX.id.normalize(value);
    const match = AT_URI.exec(value) ?? WEB_URL.exec(value);
    return match ? recordId(normalizeActor(match[1]), match[2]) : null;
  },
  tweetReferenceMessage: 'must be a Bluesky post id (<DID or handle>~<record key>), an at:// post URI or a https://bsky.app/profile/…/post/… URL',
};
