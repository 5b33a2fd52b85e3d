import type pg from 'pg';
import { extractEntities, type Entities } from '@/lib/platform/entities';

/** Entities as a tweet row stores them: mentions carry the mentioned user's id. */
export type StoredEntities = Omit<Entities, 'mentions'> & {
  mentions: Array<{ id: string; username: string; start: number; end: number }>;
};

export type ResolvedEntities = {
  entities: StoredEntities;
  /** Distinct ids of the users mentioned, for tweet_mentions. */
  mentionedUserIds: string[];
  /** Distinct lower-case hashtags, for tweet_hashtags. */
  tags: string[];
};

/** Extracts a text's entities and resolves its mentions to existing users; unknown usernames are dropped. */
export async function resolveEntities(client: pg.PoolClient, text: string): Promise<ResolvedEntities> {
  const extracted = extractEntities(text);
  const wanted = [...new Set(extracted.mentions.map((m) => m.username.toLowerCase()))];
  const users = new Map<string, { id: string; username: string }>();
  if (wanted.length > 0) {
    const { rows } = await client.query<{ id: string; username: string }>({
      name: 'write_resolve_mentions',
      text: 'SELECT id, username FROM platform.users WHERE lower(username) = ANY($1::text[])',
      values: [wanted],
    });
    for (const row of rows) users.set(row.username.toLowerCase(), row);
  }
  // The stored username is the account's own spelling, whatever case the text used.
  const mentions = extracted.mentions.flatMap((m) => {
    const user = users.get(m.username.toLowerCase());
    return user ? [{ id: user.id, username: user.username, start: m.start, end: m.end }] : [];
  });
  return {
    entities: { ...extracted, mentions },
    mentionedUserIds: [...new Set(mentions.map((m) => m.id))],
    tags: [...new Set(extracted.hashtags.map((h) => h.tag.toLowerCase()))],
  };
}
