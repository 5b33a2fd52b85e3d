import type pg from 'pg';
import { ForbiddenError, NotFoundError } from '@/lib/platform/errors';
import { detectLang } from '@/lib/platform/detect-lang';
import { nextSnowflake } from '@/lib/platform/snowflake';
import { storableId } from '../ids';
import { insertTweetRow } from './insert-tweet-row';
import { inTransaction } from '@/lib/db/transaction';
import { countAuthorTweet, getAuthorCountry } from './tweet-author';
import { resolveEntities } from './tweet-entities';
import { validateTweetText } from './validate-tweet-text';

export type CreateTweetInput = {
  authorId: string;
  text: string;
  replyToTweetId?: string;
  quotedTweetId?: string;
  communityId?: string;
  /** The tweet's language when the caller knows it; otherwise it is detected from the text (null when too short to tell). */
  lang?: string | null;
};

type Parent = { id: string; conversation_id: string; author_id: string };

/** Posts a tweet (a reply, a quote, in a community) as its author and returns the new tweet's id. */
export async function createTweet(input: CreateTweetInput): Promise<string> {
  const text = validateTweetText(input.text);
  const lang = input.lang === undefined ? await detectLang(text) : input.lang;
  for (const [what, id] of [['tweet', input.replyToTweetId], ['tweet', input.quotedTweetId], ['community', input.communityId]] as const) {
    if (id !== undefined && storableId(id) === null) throw new NotFoundError(`${what} ${id} not found`);
  }
  return inTransaction(async (client) => {
    const authorCountry = await getAuthorCountry(client, input.authorId);
    if (input.communityId !== undefined) await assertCommunityMember(client, input.communityId, input.authorId);
    // Parents' counts change first: their UPDATE both proves they exist (a missing one
    // rolls everything back) and locks them against a concurrent delete.
    const parent = input.replyToTweetId === undefined ? null : await bumpParent(client, input.replyToTweetId, 'reply_count');
    const quoted = input.quotedTweetId === undefined ? null : await bumpParent(client, input.quotedTweetId, 'quote_count');
    const id = nextSnowflake();
    await insertTweetRow(client, {
      id,
      authorId: input.authorId,
      authorCountry,
      text,
      lang,
      conversationId: parent?.conversation_id ?? id,
      inReplyToTweetId: parent?.id ?? null,
      inReplyToUserId: parent?.author_id ?? null,
      quotedTweetId: quoted?.id ?? null,
      retweetedTweetId: null,
      communityId: input.communityId ?? null,
      resolved: await resolveEntities(client, text),
      indexMentions: true,
    });
    await countAuthorTweet(client, input.authorId);
    return id;
  });
}

/**
 * Adds one to a replied-to or quoted tweet's count and returns it. Replying to or quoting a
 * retweet means its original, as on the real platform.
 */
async function bumpParent(client: pg.PoolClient, tweetId: string, column: 'reply_count' | 'quote_count'): Promise<Parent> {
  const { rows } = await client.query<Parent>({
    name: `write_bump_${column}`,
    text: `UPDATE platform.tweets SET ${column} = ${column} + 1
           WHERE id = (SELECT coalesce(retweeted_tweet_id, id) FROM platform.tweets WHERE id = $1)
           RETURNING id, conversation_id, author_id`,
    values: [tweetId],
  });
  if (rows.length === 0) throw new NotFoundError(`tweet ${tweetId} not found`);
  return rows[0];
}

/** Only members post in a community. */
async function assertCommunityMember(client: pg.PoolClient, communityId: string, userId: string): Promise<void> {
  const { rows } = await client.query<{ member: boolean }>({
    name: 'write_community_member',
    text: `SELECT EXISTS (SELECT 1 FROM platform.community_members WHERE community_id = c.id AND user_id = $2) AS member
           FROM platform.communities c WHERE c.id = $1`,
    values: [communityId, userId],
  });
  if (rows.length === 0) throw new NotFoundError(`community ${communityId} not found`);
  if (!rows[0].member) throw new ForbiddenError(`only members of community ${communityId} can post in it`);
}
