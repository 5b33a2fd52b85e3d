-- The embedded microblogging platform. Hand-written (Prisma does not model this schema):
-- generated search columns, trigram and GIN indexes, partial indexes per access path.
-- Ids are snowflakes: (milliseconds since 2010-11-04T01:42:54.657Z << 22) | sequence, so
-- ordering by id is ordering by time and every edge's time is derivable from its id.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE SCHEMA IF NOT EXISTS platform;

CREATE FUNCTION platform.snowflake_time(id bigint) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_timestamp(((id >> 22) + 1288834974657) / 1000.0) $$;

CREATE TABLE platform.users (
  id                  bigint PRIMARY KEY,
  username            text NOT NULL,
  name                text NOT NULL,
  description         text,
  location            text,
  country             text,                       -- ISO 3166 alpha-2, one of the trend countries
  url                 text,
  profile_image_url   text,
  profile_banner_url  text,
  created_at          timestamptz NOT NULL,
  followers_count     integer NOT NULL DEFAULT 0,
  following_count     integer NOT NULL DEFAULT 0,
  tweet_count         integer NOT NULL DEFAULT 0,
  like_count          integer NOT NULL DEFAULT 0,
  media_count         integer NOT NULL DEFAULT 0,
  listed_count        integer NOT NULL DEFAULT 0,
  verified            boolean NOT NULL DEFAULT false,
  is_blue_verified    boolean NOT NULL DEFAULT false,
  verified_type       text NOT NULL DEFAULT 'none' CHECK (verified_type IN ('none', 'blue', 'business', 'government')),
  protected           boolean NOT NULL DEFAULT false,
  pinned_tweet_ids    bigint[] NOT NULL DEFAULT '{}',
  password_hash       text,                       -- platform sign-in for the OAuth provider
  search_doc          tsvector GENERATED ALWAYS AS (
                        to_tsvector('simple', username || ' ' || name || ' ' || coalesce(description, ''))
                      ) STORED,
  CONSTRAINT username_syntax CHECK (username ~ '^[A-Za-z0-9_]{1,15}$')
);
CREATE UNIQUE INDEX users_username_lower ON platform.users (lower(username));
CREATE INDEX users_username_trgm ON platform.users USING gin (lower(username) gin_trgm_ops);
CREATE INDEX users_name_trgm ON platform.users USING gin (lower(name) gin_trgm_ops);
CREATE INDEX users_search_doc ON platform.users USING gin (search_doc);
CREATE INDEX users_followers ON platform.users (followers_count DESC, id DESC);

CREATE TABLE platform.communities (
  id            bigint PRIMARY KEY,
  name          text NOT NULL,
  description   text,
  creator_id    bigint NOT NULL REFERENCES platform.users (id),
  created_at    timestamptz NOT NULL,
  member_count  integer NOT NULL DEFAULT 0,
  rules         text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE platform.tweets (
  id                    bigint PRIMARY KEY,
  author_id             bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  text                  text NOT NULL,
  lang                  text,
  created_at            timestamptz NOT NULL,
  conversation_id       bigint NOT NULL,
  in_reply_to_tweet_id  bigint,
  in_reply_to_user_id   bigint,
  quoted_tweet_id       bigint,
  retweeted_tweet_id    bigint,
  like_count            integer NOT NULL DEFAULT 0,
  retweet_count         integer NOT NULL DEFAULT 0,
  reply_count           integer NOT NULL DEFAULT 0,
  quote_count           integer NOT NULL DEFAULT 0,
  bookmark_count        integer NOT NULL DEFAULT 0,
  view_count            bigint,
  -- {hashtags:[{tag,start,end}], mentions:[{id,username,start,end}], urls:[…], cashtags:[…]}
  entities              jsonb NOT NULL DEFAULT '{}',
  -- [{type,url,preview_url,width,height,duration_ms,alt_text}]
  media                 jsonb NOT NULL DEFAULT '[]',
  has_media             boolean GENERATED ALWAYS AS (jsonb_array_length(media) > 0) STORED,
  possibly_sensitive    boolean NOT NULL DEFAULT false,
  community_id          bigint REFERENCES platform.communities (id) ON DELETE SET NULL,
  engagement            integer GENERATED ALWAYS AS (like_count + retweet_count + reply_count + quote_count) STORED,
  search_doc            tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED
);
-- Replies, media, user timelines: newest first per author, each a keyset scan.
CREATE INDEX tweets_author ON platform.tweets (author_id, id DESC);
CREATE INDEX tweets_author_no_replies ON platform.tweets (author_id, id DESC) WHERE in_reply_to_tweet_id IS NULL;
CREATE INDEX tweets_author_media ON platform.tweets (author_id, id DESC) WHERE has_media;
CREATE INDEX tweets_conversation ON platform.tweets (conversation_id, id DESC);
CREATE INDEX tweets_quotes ON platform.tweets (quoted_tweet_id, id DESC) WHERE quoted_tweet_id IS NOT NULL;
CREATE INDEX tweets_retweets ON platform.tweets (retweeted_tweet_id, id DESC) WHERE retweeted_tweet_id IS NOT NULL;
-- One retweet per user and tweet: retweeting twice is idempotent.
CREATE UNIQUE INDEX tweets_one_retweet ON platform.tweets (author_id, retweeted_tweet_id) WHERE retweeted_tweet_id IS NOT NULL;
CREATE INDEX tweets_community ON platform.tweets (community_id, id DESC) WHERE community_id IS NOT NULL;
CREATE INDEX tweets_search ON platform.tweets USING gin (search_doc);
CREATE INDEX tweets_popular ON platform.tweets (like_count DESC, id DESC);
CREATE INDEX tweets_engagement ON platform.tweets (engagement DESC, id DESC);

-- Mentions and hashtags get their own tables: "tweets mentioning @u" and "#tag" are keyset
-- scans on (key, tweet_id), and trends count hashtags per country in a time window.
CREATE TABLE platform.tweet_mentions (
  user_id   bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  tweet_id  bigint NOT NULL REFERENCES platform.tweets (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, tweet_id)
);
CREATE INDEX tweet_mentions_tweet ON platform.tweet_mentions (tweet_id);

CREATE TABLE platform.tweet_hashtags (
  tag         text NOT NULL,              -- lower case, without '#'
  tweet_id    bigint NOT NULL REFERENCES platform.tweets (id) ON DELETE CASCADE,
  country     text,                       -- the author's country when posted
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (tag, tweet_id)
);
CREATE INDEX tweet_hashtags_tweet ON platform.tweet_hashtags (tweet_id);
CREATE INDEX tweet_hashtags_window ON platform.tweet_hashtags (created_at DESC) INCLUDE (tag);
CREATE INDEX tweet_hashtags_country_window ON platform.tweet_hashtags (country, created_at DESC) INCLUDE (tag);

-- Edge ids are snowflakes: "newest relationship first" is ORDER BY id DESC.
CREATE TABLE platform.follows (
  id           bigint NOT NULL,
  follower_id  bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  followee_id  bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_followers ON platform.follows (followee_id, id DESC) INCLUDE (follower_id);
CREATE INDEX follows_following ON platform.follows (follower_id, id DESC) INCLUDE (followee_id);

CREATE TABLE platform.likes (
  id        bigint NOT NULL,
  user_id   bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  tweet_id  bigint NOT NULL REFERENCES platform.tweets (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, tweet_id)
);
CREATE INDEX likes_tweet ON platform.likes (tweet_id, id DESC) INCLUDE (user_id);

CREATE TABLE platform.lists (
  id                bigint PRIMARY KEY,
  owner_id          bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  name              text NOT NULL,
  description       text,
  private           boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL,
  member_count      integer NOT NULL DEFAULT 0,
  subscriber_count  integer NOT NULL DEFAULT 0
);
CREATE INDEX lists_owner ON platform.lists (owner_id);

CREATE TABLE platform.list_members (
  id       bigint NOT NULL,
  list_id  bigint NOT NULL REFERENCES platform.lists (id) ON DELETE CASCADE,
  user_id  bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  PRIMARY KEY (list_id, user_id)
);
CREATE INDEX list_members_order ON platform.list_members (list_id, id DESC);
CREATE INDEX list_members_user ON platform.list_members (user_id);

CREATE TABLE platform.list_subscribers (
  id       bigint NOT NULL,
  list_id  bigint NOT NULL REFERENCES platform.lists (id) ON DELETE CASCADE,
  user_id  bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  PRIMARY KEY (list_id, user_id)
);
CREATE INDEX list_subscribers_order ON platform.list_subscribers (list_id, id DESC);

CREATE TABLE platform.community_members (
  id            bigint NOT NULL,
  community_id  bigint NOT NULL REFERENCES platform.communities (id) ON DELETE CASCADE,
  user_id       bigint NOT NULL REFERENCES platform.users (id) ON DELETE CASCADE,
  role          text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
  PRIMARY KEY (community_id, user_id)
);
CREATE INDEX community_members_order ON platform.community_members (community_id, id DESC);

-- Seed bookkeeping: a seed run writes 'running' first and 'complete' last, so a start that
-- finds anything but 'complete' knows the platform is half-written and reseeds it.
CREATE TABLE platform.seed_state (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  status      text NOT NULL CHECK (status IN ('running', 'complete')),
  scale       text NOT NULL,
  seed        integer NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
