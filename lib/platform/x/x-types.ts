// X API v2's objects, the fields Perch asks for (fields.ts) and reads. Everything X may leave out
// is optional: a field missing from an answer becomes null in Perch's records, never a guess.

type Span = { start: number; end: number };

/** A problem (RFC 7807-style) as X reports errors: in `errors` beside data, or as the body. */
export type XProblem = { title?: string; detail?: string; type?: string; status?: number; message?: string; resource_type?: string; resource_id?: string; value?: string };

export type XUser = {
  id: string;
  username: string;
  name?: string;
  description?: string;
  location?: string;
  url?: string;
  profile_image_url?: string;
  profile_banner_url?: string;
  created_at?: string;
  protected?: boolean;
  verified?: boolean;
  verified_type?: string;
  pinned_tweet_id?: string;
  public_metrics?: { followers_count?: number; following_count?: number; tweet_count?: number; listed_count?: number; like_count?: number; media_count?: number };
};

export type XTweet = {
  id: string;
  text: string;
  note_tweet?: { text?: string };
  created_at?: string;
  lang?: string;
  author_id?: string;
  conversation_id?: string;
  in_reply_to_user_id?: string;
  community_id?: string;
  possibly_sensitive?: boolean;
  referenced_tweets?: Array<{ type: 'replied_to' | 'quoted' | 'retweeted'; id: string }>;
  attachments?: { media_keys?: string[] };
  public_metrics?: { like_count?: number; retweet_count?: number; reply_count?: number; quote_count?: number; bookmark_count?: number; impression_count?: number };
  entities?: {
    hashtags?: Array<Span & { tag: string }>;
    cashtags?: Array<Span & { tag: string }>;
    mentions?: Array<Span & { username: string; id?: string }>;
    urls?: Array<Span & { url: string; expanded_url?: string; display_url?: string }>;
  };
};

export type XMedia = {
  media_key: string;
  type: string;
  url?: string;
  preview_image_url?: string;
  width?: number;
  height?: number;
  duration_ms?: number;
  alt_text?: string;
  variants?: Array<{ url: string; content_type?: string; bit_rate?: number }>;
};

/** The includes of an answer with the expansions of fields.ts. */
export type XIncludes = { users?: XUser[]; tweets?: XTweet[]; media?: XMedia[] };
