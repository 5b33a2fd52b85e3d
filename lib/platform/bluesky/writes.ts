import { detectLang } from '../detect-lang';
import { ForbiddenError, NotFoundError, UnavailableError } from '../errors';
import type { PlatformWrites } from '../platform';
import type { CreateTweetRequest, PlatformActor, Tweet } from '../types';
import { mapPost, parseAtUri, type PostRecord, type PostView, type ProfileView } from './map-records';
import { ownRecordsAbout, type ToggleCollection, type WriteSession } from './own-records';
import { uriOf } from './resolve';
import { parseRecordId, recordId } from './syntax';
import { fetchWithTimeout, type BlueskyUpstream } from './upstream';

// Writes as records on the connected account's PDS (app.bsky.feed.post, .like, .repost,
// app.bsky.graph.follow), through a session of that account. @atproto/api is loaded by the
// first write (see upstream.ts).

type Session = WriteSession;

export function blueskyWrites(upstream: BlueskyUpstream): PlatformWrites {
  const sessions = new Map<string, Promise<Session>>();

  function sessionOf(actor: PlatformActor): Promise<Session> {
    const credential = actor.credential;
    if (!credential || credential.kind === 'oauth2') throw new UnavailableError('Bluesky: this account is connected without a credential Perch can write with; connect it again');
    // An OAuth session signs (and refreshes) its own requests: nothing to log in or keep here.
    if (credential.kind === 'oauth') return import('@atproto/api').then(({ Agent }) => ({ agent: new Agent(credential.session), did: credential.session.did }));
    const key = `${credential.identifier}\u0000${credential.password}`;
    let session = sessions.get(key);
    if (!session) {
      session = upstream.guard('user', async () => {
        const { AtpAgent } = await import('@atproto/api');
        const agent = new AtpAgent({ service: upstream.settings.serviceUrl, fetch: fetchWithTimeout(upstream.settings.timeoutMs) });
        const login = await agent.login({ identifier: credential.identifier, password: credential.password });
        return { agent, did: login.data.did };
      });
      session.catch(() => sessions.delete(key));
      sessions.set(key, session);
    }
    return session;
  }

  /** The post as the AppView has it now (uri and cid are needed to reference it), never from the cache. */
  async function postView(id: string): Promise<PostView> {
    const uri = await uriOf(upstream, id, 'tweet');
    const answer = await upstream.guard('tweet', () => upstream.read<{ posts: PostView[] }>('app.bsky.feed.getPosts', { uris: [uri] }, 'tweet', { fresh: true }));
    if (answer.posts.length === 0) throw new NotFoundError('tweet');
    return answer.posts[0];
  }

  // Two toggles of the same thing by the same account run one after the other in this process,
  // so that a double click cannot find "no record" twice and write two.
  const toggling = new Map<string, Promise<unknown>>();

  function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
    const previous = toggling.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    toggling.set(key, settled);
    void settled.then(() => {
      if (toggling.get(key) === settled) toggling.delete(key);
    });
    return next;
  }

  /**
   * Makes the account's record of `collection` about `subject` exist (with `create`) or not
   * (without), reading what is there first: `changed` is false, and nothing is written, when it
   * already was so. Returns the record's AT-URI when it exists.
   */
  function toggle(session: Session, collection: ToggleCollection, subject: string, create?: () => Promise<{ uri: string }>): Promise<{ changed: boolean; uri: string | null }> {
    return oneAtATime(`${session.did}\u0000${collection}\u0000${subject}`, async () => {
      const existing = await ownRecordsAbout(upstream, session, collection, subject);
      if (create) {
        if (existing.length > 0) return { changed: false, uri: existing[0] };
        return { changed: true, uri: (await upstream.guard(null, create)).uri };
      }
      for (const uri of existing) {
        const { rkey } = parseAtUri(uri);
        await upstream.guard(null, () => session.agent.com.atproto.repo.deleteRecord({ repo: session.did, collection, rkey }));
      }
      return { changed: existing.length > 0, uri: null };
    });
  }

  /** The profile a follow is about, as the AppView has it now. */
  function targetProfile(username: string): Promise<ProfileView> {
    return upstream.read<ProfileView>('app.bsky.actor.getProfile', { actor: username }, 'user', { fresh: true });
  }

  async function createTweet(actor: PlatformActor, request: CreateTweetRequest): Promise<Tweet> {
    const session = await sessionOf(actor);
    const record: PostRecord & Record<string, unknown> = { $type: 'app.bsky.feed.post', text: request.text, createdAt: new Date().toISOString() };
    const { RichText } = await import('@atproto/api');
    const text = new RichText({ text: request.text });
    await upstream.guard(null, () => text.detectFacets(session.agent));
    if (text.facets?.length) record.facets = text.facets as PostRecord['facets'];
    // As Bluesky's own app does (it sets the composer's language): search's lang: and rules read it.
    const lang = await detectLang(request.text);
    if (lang) record.langs = [lang];
    if (request.in_reply_to_tweet_id) {
      const parent = await postView(request.in_reply_to_tweet_id);
      const root = parent.record.reply?.root ?? { uri: parent.uri, cid: cidOf(parent) };
      record.reply = { root, parent: { uri: parent.uri, cid: cidOf(parent) } } as PostRecord['reply'];
    }
    let quoted: PostView | null = null;
    if (request.quoted_tweet_id) {
      quoted = await postView(request.quoted_tweet_id);
      record.embed = { $type: 'app.bsky.embed.record', record: { uri: quoted.uri, cid: cidOf(quoted) } } as PostRecord['embed'];
    }
    const created = await upstream.guard(null, () => session.agent.com.atproto.repo.createRecord({ repo: session.did, collection: 'app.bsky.feed.post', record }));
    const author = await upstream.read<ProfileView>('app.bsky.actor.getProfile', { actor: session.did }, 'user');
    // The AppView indexes the new post a moment later: the answer is built from the record as written.
    const view: PostView = {
      uri: created.data.uri,
      author,
      record,
      embed: quoted
        ? {
            $type: 'app.bsky.embed.record#view',
            record: {
              $type: 'app.bsky.embed.record#viewRecord',
              uri: quoted.uri,
              author: quoted.author,
              value: quoted.record,
              likeCount: quoted.likeCount,
              repostCount: quoted.repostCount,
              replyCount: quoted.replyCount,
              quoteCount: quoted.quoteCount,
              indexedAt: quoted.indexedAt,
              labels: quoted.labels,
              embeds: quoted.embed ? [quoted.embed] : [],
            },
          }
        : undefined,
      replyCount: 0,
      repostCount: 0,
      likeCount: 0,
      quoteCount: 0,
      bookmarkCount: 0,
      indexedAt: record.createdAt!,
    };
    return mapPost(view);
  }

  return {
    createTweet,
    async deleteTweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const uri = await uriOf(upstream, tweetId, 'tweet');
      const { authority, rkey } = parseAtUri(uri);
      if (authority !== session.did) throw new ForbiddenError('you can delete only your own posts');
      await upstream.guard('tweet', () => session.agent.com.atproto.repo.getRecord({ repo: session.did, collection: 'app.bsky.feed.post', rkey }));
      await upstream.guard('tweet', () => session.agent.com.atproto.repo.deleteRecord({ repo: session.did, collection: 'app.bsky.feed.post', rkey }));
      return { id: recordId(authority, rkey), deleted: true };
    },
    async likeTweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const { changed } = await toggle(session, 'app.bsky.feed.like', post.uri, () => session.agent.like(post.uri, cidOf(post)));
      return { tweet_id: tweetId, liked: true, changed };
    },
    async unlikeTweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const { changed } = await toggle(session, 'app.bsky.feed.like', post.uri);
      return { tweet_id: tweetId, liked: false, changed };
    },
    async retweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const { changed, uri } = await toggle(session, 'app.bsky.feed.repost', post.uri, () => session.agent.repost(post.uri, cidOf(post)));
      return { tweet_id: tweetId, retweeted: true, retweet_id: recordId(session.did, parseAtUri(uri!).rkey), changed };
    },
    async unretweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const { changed } = await toggle(session, 'app.bsky.feed.repost', post.uri);
      return { tweet_id: tweetId, retweeted: false, changed };
    },
    async follow(actor, username) {
      const session = await sessionOf(actor);
      const target = await targetProfile(username);
      const { changed } = await toggle(session, 'app.bsky.graph.follow', target.did, () => session.agent.follow(target.did));
      return { username: target.handle, following: true, changed };
    },
    async unfollow(actor, username) {
      const session = await sessionOf(actor);
      const target = await targetProfile(username);
      const { changed } = await toggle(session, 'app.bsky.graph.follow', target.did);
      return { username: target.handle, following: false, changed };
    },
  };
}

/** The content hash a like or repost pins the post's version with. */
function cidOf(post: PostView): string {
  return (post as PostView & { cid: string }).cid;
}

export { parseRecordId };
