import type { Agent } from '@atproto/api';
import { ForbiddenError, NotFoundError, UnavailableError } from '../errors';
import type { PlatformWrites } from '../platform';
import type { CreateTweetRequest, PlatformActor, Tweet } from '../types';
import { mapPost, parseAtUri, type PostRecord, type PostView, type ProfileView } from './map-records';
import { uriOf } from './resolve';
import { parseRecordId, recordId } from './syntax';
import { fetchWithTimeout, type BlueskyUpstream } from './upstream';

// Writes as records on the connected account's PDS (app.bsky.feed.post, .like, .repost,
// app.bsky.graph.follow), through a session of that account. @atproto/api is loaded by the
// first write (see upstream.ts).

type Session = { agent: Agent; did: string };

/** Most recent records of one kind read from the PDS to find an existing like, repost or follow. */
const RECENT_RECORDS = 100;

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

  /** The post as the AppView has it (uri and cid are needed to reference it). */
  async function postView(id: string): Promise<PostView> {
    const uri = await uriOf(upstream, id, 'tweet');
    const answer = await upstream.guard('tweet', () => upstream.read<{ posts: PostView[] }>('app.bsky.feed.getPosts', { uris: [uri] }, 'tweet'));
    if (answer.posts.length === 0) throw new NotFoundError('tweet');
    return answer.posts[0];
  }

  /** The actor's record of `collection` whose subject is `subject`, among its recent ones on the PDS. */
  async function existingRecord(session: Session, collection: string, subject: string): Promise<string | null> {
    const answer = await upstream.guard(null, () => session.agent.com.atproto.repo.listRecords({ repo: session.did, collection, limit: RECENT_RECORDS }));
    const found = answer.data.records.find((record) => {
      const value = record.value as { subject?: string | { uri?: string } };
      return (typeof value.subject === 'string' ? value.subject : value.subject?.uri) === subject;
    });
    return found?.uri ?? null;
  }

  async function createTweet(actor: PlatformActor, request: CreateTweetRequest): Promise<Tweet> {
    const session = await sessionOf(actor);
    const record: PostRecord & Record<string, unknown> = { $type: 'app.bsky.feed.post', text: request.text, createdAt: new Date().toISOString() };
    const { RichText } = await import('@atproto/api');
    const text = new RichText({ text: request.text });
    await upstream.guard(null, () => text.detectFacets(session.agent));
    if (text.facets?.length) record.facets = text.facets as PostRecord['facets'];
    if (request.in_reply_to_tweet_id) {
      const parent = await postView(request.in_reply_to_tweet_id);
      const root = parent.record.reply?.root ?? { uri: parent.uri, cid: (parent as PostView & { cid: string }).cid };
      record.reply = { root, parent: { uri: parent.uri, cid: (parent as PostView & { cid: string }).cid } } as PostRecord['reply'];
    }
    let quoted: PostView | null = null;
    if (request.quoted_tweet_id) {
      quoted = await postView(request.quoted_tweet_id);
      record.embed = { $type: 'app.bsky.embed.record', record: { uri: quoted.uri, cid: (quoted as PostView & { cid: string }).cid } } as PostRecord['embed'];
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
      if (!(await existingRecord(session, 'app.bsky.feed.like', post.uri))) {
        await upstream.guard(null, () => session.agent.like(post.uri, (post as PostView & { cid: string }).cid));
      }
      return { tweet_id: tweetId, liked: true };
    },
    async unlikeTweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const like = await existingRecord(session, 'app.bsky.feed.like', post.uri);
      if (like) await upstream.guard(null, () => session.agent.deleteLike(like));
      return { tweet_id: tweetId, liked: false };
    },
    async retweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const repost =
        (await existingRecord(session, 'app.bsky.feed.repost', post.uri)) ??
        (await upstream.guard(null, () => session.agent.repost(post.uri, (post as PostView & { cid: string }).cid))).uri;
      const { rkey } = parseAtUri(repost);
      return { tweet_id: tweetId, retweeted: true, retweet_id: recordId(session.did, rkey) };
    },
    async unretweet(actor, tweetId) {
      const session = await sessionOf(actor);
      const post = await postView(tweetId);
      const repost = await existingRecord(session, 'app.bsky.feed.repost', post.uri);
      if (repost) await upstream.guard(null, () => session.agent.deleteRepost(repost));
      return { tweet_id: tweetId, retweeted: false };
    },
    async follow(actor, username) {
      const session = await sessionOf(actor);
      const target = await upstream.read<ProfileView>('app.bsky.actor.getProfile', { actor: username }, 'user');
      if (!(await existingRecord(session, 'app.bsky.graph.follow', target.did))) await upstream.guard(null, () => session.agent.follow(target.did));
      return { username: target.handle, following: true };
    },
    async unfollow(actor, username) {
      const session = await sessionOf(actor);
      const target = await upstream.read<ProfileView>('app.bsky.actor.getProfile', { actor: username }, 'user');
      const follow = await existingRecord(session, 'app.bsky.graph.follow', target.did);
      if (follow) await upstream.guard(null, () => session.agent.deleteFollow(follow));
      return { username: target.handle, following: false };
    },
  };
}

export { parseRecordId };
