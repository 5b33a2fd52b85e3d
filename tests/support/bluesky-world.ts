import { createRequire } from 'node:module';
import path from 'node:path';
import { RichText } from '@atproto/api';
import type { SeedClient } from '@atproto/dev-env';
import type { BlueskySettings } from '@/lib/platform/platform-config';
import { createServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import type { AtprotoNetwork } from './atproto-network';

// A small Bluesky world on a local AT Protocol network, written through its own seed client
// (as any Bluesky app would write it), and Perch's platforms pointed at that network.

export type BlueskyWorld = {
  dids: Record<'alice' | 'bob' | 'carol' | 'dan' | 'erin', string>;
  handles: Record<'alice' | 'bob' | 'carol' | 'dan' | 'erin', string>;
  /** Perch ids (<DID>~<record key>) of the posts written. */
  posts: { hello: string; second: string; media: string; reply: string; nested: string; quote: string; mention: string };
  repostUri: string;
  list: string;
  /** alice's followers, in the order they followed. */
  aliceFollowers: string[];
  /** bsky's own password of each account, for writes as it. */
  passwords: Record<string, string>;
};

function perchId(ref: { uriStr: string }): string {
  const uri = ref.uriStr;
  const [did, , rkey] = uri.replace('at://', '').split('/');
  return `${did}~${rkey}`;
}

/** Creates accounts, posts, a reply thread, a quote, a mention, media, follows, likes, a repost and a list. */
export async function seedBlueskyWorld({ network }: AtprotoNetwork): Promise<BlueskyWorld> {
  const sc: SeedClient = network.getSeedClient();
  const names = ['alice', 'bob', 'carol', 'dan', 'erin'] as const;
  const passwords: Record<string, string> = {};
  for (const name of names) {
    passwords[name] = `${name}-password`;
    await sc.createAccount(name, { email: `${name}@perch.test`, handle: `${name}.test`, password: passwords[name] });
  }
  await sc.createProfile(sc.dids.alice, 'Alice Example', 'Writes about #perch and birds');
  await sc.createProfile(sc.dids.bob, 'Bob', 'bird watcher');
  const dids = Object.fromEntries(names.map((name) => [name, sc.dids[name]])) as BlueskyWorld['dids'];
  const handles = Object.fromEntries(names.map((name) => [name, `${name}.test`])) as BlueskyWorld['handles'];

  const hello = await sc.post(dids.alice, 'hello from alice #perch');
  const second = await sc.post(dids.alice, 'a second post by alice about perches');
  const image = await sc.uploadFile(
    dids.alice,
    path.join(path.dirname(createRequire(import.meta.url).resolve('@atproto/dev-env/package.json')), 'assets/key-landscape-small.jpg'),
    'image/jpeg',
  );
  const media = await sc.post(dids.alice, 'alice with a picture', undefined, [image]);
  const reply = await sc.reply(dids.bob, hello.ref, hello.ref, 'bob replies to alice');
  const nested = await sc.reply(dids.carol, hello.ref, reply.ref, 'carol replies to bob');
  const quote = await sc.post(dids.carol, 'carol quotes alice', undefined, undefined, hello.ref);
  const mentionText = new RichText({ text: 'hey @alice.test look at this' });
  await mentionText.detectFacets(network.pds.getClient());
  const mention = await sc.post(dids.dan, mentionText.text, mentionText.facets ?? []);

  const aliceFollowers = [dids.bob, dids.carol, dids.dan, dids.erin];
  for (const follower of aliceFollowers) await sc.follow(follower, dids.alice);
  await sc.follow(dids.alice, dids.bob);
  for (const liker of [dids.bob, dids.carol, dids.dan]) await sc.like(liker, hello.ref);
  await sc.like(dids.bob, second.ref);
  const repost = await sc.repost(dids.erin, hello.ref);
  const list = await sc.createList(dids.alice, 'birders', 'curate');
  await sc.addToList(dids.alice, dids.bob, list);
  await sc.addToList(dids.alice, dids.carol, list);
  await network.processAll();

  return {
    dids,
    handles,
    posts: {
      hello: perchId(hello.ref),
      second: perchId(second.ref),
      media: perchId(media.ref),
      reply: perchId(reply.ref),
      nested: perchId(nested.ref),
      quote: perchId(quote.ref),
      mention: perchId(mention.ref),
    },
    repostUri: repost.uriStr,
    list: perchId(list),
    aliceFollowers,
    passwords,
  };
}

/** Perch serving Bluesky (default) from the network's AppView and PDS (its firehose for real-time rules), and the embedded platform beside it. */
export function blueskyPlatforms(atproto: AtprotoNetwork, options: { cacheTtlSeconds?: number; timeoutMs?: number; stream?: BlueskySettings['stream'] } = {}): ServedPlatforms {
  return createServedPlatforms({
    defaultPlatform: 'bluesky',
    platforms: ['bluesky', 'local'],
    bluesky: { appViewUrl: atproto.appViewUrl, serviceUrl: atproto.pdsUrl, serviceAccount: null, timeoutMs: options.timeoutMs ?? 10_000, stream: options.stream ?? { kind: 'firehose', url: atproto.pdsUrl } },
    x: null,
    cacheTtlSeconds: options.cacheTtlSeconds ?? 0,
  });
}

/** Creates an app password for an account (as bsky.app → Settings → App passwords does), logging in with its own password. */
export async function createAppPassword(atproto: AtprotoNetwork, identifier: string, password: string, name = 'perch'): Promise<string> {
  const agent = atproto.network.pds.getClient();
  await agent.login({ identifier, password });
  const { data } = await agent.com.atproto.server.createAppPassword({ name: `${name}-${Date.now()}` });
  return data.password;
}
