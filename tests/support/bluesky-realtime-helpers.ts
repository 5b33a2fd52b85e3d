import { AtpAgent } from '@atproto/api';
import { waitFor } from './account-fixtures';
import type { AtprotoNetwork } from './atproto-network';
import type { BlueskyWorld } from './bluesky-world';
import type { SseEvent } from './sse-client';

// Writing posts on a local AT Protocol network and reading what Perch delivered of them, for
// the real-time tests on Bluesky.

export type Name = keyof BlueskyWorld['handles'];

/** Posts as one of the world's accounts through @atproto/api, as any Bluesky app does; answers the Perch id. */
export function poster(atproto: AtprotoNetwork, world: BlueskyWorld) {
  const agents = new Map<Name, AtpAgent>();
  const agentOf = async (name: Name) => {
    let agent = agents.get(name);
    if (!agent) {
      agent = new AtpAgent({ service: atproto.pdsUrl });
      await agent.login({ identifier: world.handles[name], password: world.passwords[name] });
      agents.set(name, agent);
    }
    return agent;
  };
  return {
    agentOf,
    post: async (name: Name, text: string, reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } }) => {
      const { uri, cid } = await (await agentOf(name)).post({ text, reply, createdAt: new Date().toISOString() });
      const [did, , rkey] = uri.replace('at://', '').split('/');
      return { id: `${did}~${rkey}`, ref: { uri, cid } };
    },
  };
}

export type Delivered = { rule: { tag: string }; tweet: { id: string; text: string; author: { username: string } } };

/** The matches among a stream's events. */
export const matchesOf = (events: SseEvent[]) => events.filter((e) => e.event === 'match').map((e) => JSON.parse(e.data) as Delivered);

/** "tag tweet-id" of each match, sorted, the warm-up rule's left out. */
export const pairs = (matches: { rule: { tag: string }; tweet: { id: string } }[]) =>
  matches
    .filter((m) => m.rule.tag !== WARM_UP_TAG)
    .map((m) => `${m.rule.tag} ${m.tweet.id}`)
    .sort();

export const WARM_UP_TAG = 'warm-up';

/**
 * Posts the warm-up word until a match of it shows on the stream: a source that starts live
 * only sees what is posted once its subscription is up, which nothing else announces. Needs a
 * rule tagged warm-up whose query is `word`.
 */
export async function warmUp(post: (text: string) => Promise<unknown>, word: string, events: () => SseEvent[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await post(`${word} ${attempt}`);
    try {
      await waitFor(() => matchesOf(events()).some((m) => m.rule.tag === WARM_UP_TAG), 2_000);
      return;
    } catch (error) {
      if (attempt >= 30) throw error;
    }
  }
}
