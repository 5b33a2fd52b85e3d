import { NotFoundError } from '../errors';
import type { BatchResult, User } from '../types';
import { mapUser, type ProfileView } from './map-records';
import { normalizeActor } from './syntax';
import type { BlueskyUpstream } from './upstream';

/** getProfiles takes at most this many actors a call. */
const PROFILES_PER_CALL = 25;

/** One profile by handle or DID. */
export async function getProfile(upstream: BlueskyUpstream, actor: string): Promise<User> {
  const profile = await upstream.read<ProfileView>('app.bsky.actor.getProfile', { actor }, 'user');
  if (!profile?.did) throw new NotFoundError('user');
  return mapUser(profile);
}

/** Full profiles of many actors (lists give only partial ones), in batches of 25, in request order. */
export async function getProfiles(upstream: BlueskyUpstream, actors: readonly string[]): Promise<ProfileView[]> {
  const unique = [...new Set(actors)];
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += PROFILES_PER_CALL) batches.push(unique.slice(start, start + PROFILES_PER_CALL));
  const answers = await Promise.all(batches.map((batch) => upstream.read<{ profiles: ProfileView[] }>('app.bsky.actor.getProfiles', { actors: batch }, null)));
  const found = new Map<string, ProfileView>();
  for (const profile of answers.flatMap((answer) => answer.profiles)) {
    found.set(profile.did, profile);
    found.set(profile.handle.toLowerCase(), profile);
  }
  return actors.map((actor) => found.get(normalizeActor(actor))).filter((profile): profile is ProfileView => Boolean(profile));
}

/** Users of partial profiles, hydrated to full ones in the same order. */
export async function usersOf(upstream: BlueskyUpstream, partial: readonly { did: string }[]): Promise<User[]> {
  if (partial.length === 0) return [];
  return (
    await getProfiles(
      upstream,
      partial.map((profile) => profile.did),
    )
  ).map(mapUser);
}

/** Up to 100 users by handle or DID: found ones in request order, each once; the rest as given in not_found. */
export async function getUsersBatch(upstream: BlueskyUpstream, usernames: readonly string[]): Promise<BatchResult<User>> {
  const profiles = await getProfiles(upstream, usernames.map(normalizeActor));
  const byKey = new Map<string, ProfileView>();
  for (const profile of profiles) {
    byKey.set(profile.did, profile);
    byKey.set(profile.handle.toLowerCase(), profile);
  }
  const items: User[] = [];
  const seen = new Set<string>();
  const notFound: string[] = [];
  for (const name of usernames) {
    const profile = byKey.get(normalizeActor(name));
    if (!profile) notFound.push(name);
    else if (!seen.has(profile.did)) {
      seen.add(profile.did);
      items.push(mapUser(profile));
    }
  }
  return { items, not_found: notFound };
}
