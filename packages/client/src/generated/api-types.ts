// Generated from the OpenAPI document by scripts/generate-clients.ts: do not edit.
// `npm run generate:clients` rewrites it; tests/unit/client-generated.test.ts checks it is current.

export type Tweet = {
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  id: string;
  url: string;
  text: string;
  /** ISO-8601 UTC time */
  created_at: string;
  lang: string | null;
  author: UserSummary;
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  author_id: string;
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  conversation_id: string;
  in_reply_to: {
    /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
    tweet_id: string;
    user_id: string | null;
    username: string | null;
  } | null;
  is_reply: boolean;
  is_retweet: boolean;
  is_quote: boolean;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  like_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  retweet_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  reply_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  quote_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  bookmark_count: number | null;
  view_count: number | null;
  entities: Entities;
  media: Media[];
  possibly_sensitive: boolean;
  community_id: string | null;
  quoted_tweet: EmbeddedTweet | null;
  retweeted_tweet: EmbeddedTweet | null;
  /** The connected account’s relationship to this tweet; null without a connected account */
  viewer: TweetViewer | null;
};

export type UserSummary = {
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  id: string;
  username: string;
  /** The display name; null where the account has none (Bluesky) */
  name: string | null;
  profile_image_url: string | null;
  is_blue_verified: boolean;
  verified_type: "none" | "blue" | "business" | "government";
  /** null where the platform does not give it with a post (Bluesky) */
  followers_count: number | null;
};

export type Entities = {
  hashtags: {
    tag: string;
    start: number;
    end: number;
  }[];
  mentions: {
    /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
    id: string;
    username: string;
    start: number;
    end: number;
  }[];
  urls: {
    url: string;
    expanded_url: string;
    display_url: string;
    start: number;
    end: number;
  }[];
  cashtags: {
    tag: string;
    start: number;
    end: number;
  }[];
};

export type Media = {
  type: "photo" | "video" | "animated_gif";
  url: string;
  preview_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  alt_text: string | null;
};

export type EmbeddedTweet = {
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  id: string;
  url: string;
  text: string;
  /** ISO-8601 UTC time */
  created_at: string;
  lang: string | null;
  author: UserSummary;
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  author_id: string;
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  conversation_id: string;
  in_reply_to: {
    /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
    tweet_id: string;
    user_id: string | null;
    username: string | null;
  } | null;
  is_reply: boolean;
  is_retweet: boolean;
  is_quote: boolean;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  like_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  retweet_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  reply_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  quote_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  bookmark_count: number | null;
  view_count: number | null;
  entities: Entities;
  media: Media[];
  possibly_sensitive: boolean;
  community_id: string | null;
  quoted_tweet: null;
  retweeted_tweet: null;
  /** The connected account’s relationship to this tweet; null without a connected account */
  viewer: TweetViewer | null;
};

/** Whether the caller’s connected account liked and retweeted this tweet */
export type TweetViewer = {
  liked: boolean;
  retweeted: boolean;
};

export type User = {
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  id: string;
  username: string;
  /** The display name; null where the account has none (Bluesky) */
  name: string | null;
  description: string | null;
  location: string | null;
  url: string | null;
  profile_image_url: string | null;
  profile_banner_url: string | null;
  /** ISO-8601 UTC time; null where the platform does not say */
  created_at: string | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  followers_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  following_count: number | null;
  /** null where the platform does not give it (X, when its answer lacks the count) */
  tweet_count: number | null;
  /** null where the platform does not count it (Bluesky) */
  like_count: number | null;
  /** null where the platform does not count it (Bluesky) */
  media_count: number | null;
  /** null where the platform does not count it (Bluesky) */
  listed_count: number | null;
  verified: boolean;
  is_blue_verified: boolean;
  verified_type: "none" | "blue" | "business" | "government";
  protected: boolean;
  pinned_tweet_ids: string[];
  /** The connected account’s relationship to this user (both false for the account itself); null without a connected account */
  viewer: UserViewer | null;
};

/** Whether the caller’s connected account follows this user, and is followed by it */
export type UserViewer = {
  following: boolean;
  followed_by: boolean;
};

export type Community = {
  /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
  id: string;
  name: string;
  description: string | null;
  member_count: number;
  /** ISO-8601 UTC time */
  created_at: string;
  creator: UserSummary;
  rules: string[];
};

export type Trend = {
  rank: number;
  name: string;
  query: string;
  /** null where the platform does not count it (X, when its trend lacks tweet_count) */
  tweet_count: number | null;
};

export type ExportJob = {
  id: string;
  status: "queued" | "running" | "paused" | "completed" | "failed" | "cancelled";
  operation: "searchTweets" | "searchUsers" | "getUserTweets" | "getUserMentions" | "getUserReplies" | "getUserMedia" | "getUserFollowers" | "getUserFollowerIds" | "getUserFollowing" | "getUserVerifiedFollowers" | "getTweetConversation" | "getTweetQuotes" | "getTweetRetweeters" | "getTweetLikers" | "getListTweets" | "getListMembers" | "getListSubscribers" | "getCommunityTweets" | "getCommunityMembers";
  /** The platform that served the request creating it (Perch-Platform or the default) */
  platform: "local" | "bluesky" | "x";
  /** The operation’s inputs as validated, defaults applied */
  params: Record<string, unknown>;
  format: "jsonl" | "csv";
  /** Records written (and charged) so far */
  items: number;
  credits_charged: number;
  /** The estimate when the export was made; null when the source does not tell its total */
  estimate: {
    items: number;
    credits: number;
  } | null;
  max_items: number | null;
  max_credits: number | null;
  /** Credits per record, fixed when the export was made */
  unit_price: number;
  paused_reason: "insufficient_credits" | "key_limit_reached" | "key_budget_reached" | "workspace_budget_reached" | "rate_limited" | "upstream_unavailable" | null;
  /** When a paused export goes on by itself (a budget’s or an upstream’s reset); null when it waits for credits */
  resume_at: string | null;
  /** Why a completed export ended: exhausted (everything there was), max_items or max_credits */
  stop_reason: "exhausted" | "max_items" | "max_credits" | null;
  /** Bytes of the file written so far */
  size_bytes: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When a finished export’s file and record are deleted */
  expires_at: string | null;
  error: {
    code: string;
    message: string;
  } | null;
};

export type ExportEstimate = {
  /** About how many records the export would return; null when the source does not tell its total (a search) */
  items: number | null;
  /** What those records would cost; null with items */
  credits: number | null;
  /** Where the total comes from, such as "the profile's followers_count" */
  basis: string | null;
  /** The bound max_items / max_credits set, whatever the source holds; null without them */
  at_most: {
    items: number;
    credits: number;
  } | null;
};

export type UsageFigures = {
  /** Calls answered, refusals included */
  calls: number;
  /** Items returned (what per-item prices charge for) */
  items: number;
  /** Credits charged */
  credits: number;
  /** Calls answered with an error (4xx or 5xx), as the Usage page counts them */
  errors: number;
  /** Mean server-side latency of the calls; null without calls */
  avg_latency_ms: number | null;
};

export type UsageGroup = {
  /** group_by=day: the UTC day */
  day?: string;
  /** group_by=operation: the operationId (or deliverMatch, a rule match delivered; unmatchedRoute, a path no operation serves) */
  operation?: string;
  /** group_by=operation: the operation’s tag */
  tag?: string;
  /** group_by=key: the key’s id; null for calls made from the dashboard without a key */
  key_id?: string | null;
  /** group_by=key: the key’s name; null for calls without a key and for deleted keys */
  key_name?: string | null;
  /** group_by=platform: the platform that served the calls (unknown for calls recorded before platforms were) */
  platform?: string;
  /** Calls answered, refusals included */
  calls: number;
  /** Items returned (what per-item prices charge for) */
  items: number;
  /** Credits charged */
  credits: number;
  /** Calls answered with an error (4xx or 5xx), as the Usage page counts them */
  errors: number;
  /** Mean server-side latency of the calls; null without calls */
  avg_latency_ms: number | null;
};

export type UsageEvent = {
  request_id: string;
  /** When the call was answered (ISO 8601, UTC) */
  created_at: string;
  operation: string;
  /** The platform that served the call (unknown for calls recorded before platforms were) */
  platform: string;
  /** The HTTP status it was answered with */
  status: number;
  items: number;
  /** Credits charged */
  credits: number;
  latency_ms: number;
  /** api: a call with a key; otherwise the dashboard page that made it, or an export */
  source: "api" | "mcp" | "playground" | "explorer" | "rules" | "dashboard" | "export";
  /** null for calls made from the dashboard without a key */
  key_id: string | null;
  key_name: string | null;
  error_code: string | null;
  error_message: string | null;
  /** What the call was sent: path, query and body as sent; never the key, an Idempotency-Key only as "present", fields named like secrets redacted */
  params: Record<string, unknown> | null;
};

/** Every error code an answer can carry (contract section 1). */
export type ErrorCode = "invalid_request" | "unauthorized" | "insufficient_credits" | "key_limit_reached" | "key_budget_reached" | "workspace_budget_reached" | "forbidden" | "account_not_connected" | "not_found" | "method_not_allowed" | "idempotency_conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "too_many_failed_authentications" | "too_many_streams" | "too_many_connections" | "internal_error" | "upstream_error" | "unavailable";

/** Each operation's input (query or JSON body; `never` when it takes none) and the `data` of its success. */
export type OperationTypes = {
  searchTweets: {
    input: {
      query: string;
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
      lang?: string;
      min_likes?: number;
      min_retweets?: number;
      include_replies?: boolean;
      include_retweets?: boolean;
    };
    data: Tweet[];
  };
  searchUsers: {
    input: {
      query: string;
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 18, the price of one profile; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getUser: {
    input: {
      /** Caps the charge: at least 18, the price of one profile */
      max_credits?: number;
    };
    data: User;
  };
  getUserTweets: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getUserMentions: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getUserReplies: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getUserMedia: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getUserFollowers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one follower; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getUserFollowerIds: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one id; lowers `count` to what it pays for */
      max_credits?: number;
    };
    data: string[];
  };
  getUserFollowing: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one follower; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getUserVerifiedFollowers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one follower; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getUsersBatch: {
    input: {
      usernames: string[];
      /** Caps the charge: at least 18, the price of one profile; a batch needs 18 for each distinct requested profile */
      max_credits?: number;
    };
    data: User[];
  };
  getTweet: {
    input: {
      /** Caps the charge: at least 15, the price of one tweet */
      max_credits?: number;
    };
    data: Tweet;
  };
  deleteTweet: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      id: string;
      deleted: true;
    };
  };
  getTweetConversation: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getTweetQuotes: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getTweetsBatch: {
    input: {
      ids: string[];
      /** Caps the charge: at least 15, the price of one tweet; a batch needs 15 for each distinct requested tweet */
      max_credits?: number;
    };
    data: Tweet[];
  };
  getTweetRetweeters: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one follower; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getTweetLikers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one follower; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getListTweets: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getListMembers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one member; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getListSubscribers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one member; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getCommunity: {
    input: {
      /** Caps the charge: at least 18, the price of one profile */
      max_credits?: number;
    };
    data: Community;
  };
  getCommunityTweets: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 15, the price of one tweet; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "latest" | "popular" | "engagement";
    };
    data: Tweet[];
  };
  getCommunityMembers: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge: at least 1, the price of one member; lowers `count` to what it pays for */
      max_credits?: number;
      sort?: "default" | "followers" | "name";
    };
    data: User[];
  };
  getTrending: {
    input: {
      country?: "Worldwide" | "WW" | "United States" | "US" | "United Kingdom" | "GB" | "Canada" | "CA" | "Australia" | "AU" | "New Zealand" | "NZ" | "Ireland" | "IE" | "India" | "IN" | "Pakistan" | "PK" | "Nigeria" | "NG" | "Kenya" | "KE" | "Ghana" | "GH" | "South Africa" | "ZA" | "Singapore" | "SG" | "Philippines" | "PH" | "Malaysia" | "MY" | "Indonesia" | "ID" | "Thailand" | "TH" | "Vietnam" | "VN" | "Japan" | "JP" | "Korea" | "KR" | "Spain" | "ES" | "Mexico" | "MX" | "Argentina" | "AR" | "Colombia" | "CO" | "Chile" | "CL" | "Peru" | "PE" | "Venezuela" | "VE" | "Ecuador" | "EC" | "Dominican Republic" | "DO" | "Guatemala" | "GT" | "Panama" | "PA" | "Puerto Rico" | "PR" | "Brazil" | "BR" | "Portugal" | "PT" | "France" | "FR" | "Belgium" | "BE" | "Switzerland" | "CH" | "Germany" | "DE" | "Austria" | "AT" | "Netherlands" | "NL" | "Italy" | "IT" | "Greece" | "GR" | "Turkey" | "TR" | "Russia" | "RU" | "Ukraine" | "UA" | "Belarus" | "BY" | "Poland" | "PL" | "Latvia" | "LV" | "Sweden" | "SE" | "Norway" | "NO" | "Denmark" | "DK" | "Finland" | "FI" | "Czech Republic" | "CZ" | "Israel" | "IL" | "Saudi Arabia" | "SA" | "United Arab Emirates" | "AE" | "Egypt" | "EG" | "Kuwait" | "KW" | "Qatar" | "QA" | "Oman" | "OM" | "Bahrain" | "BH" | "Lebanon" | "LB" | "Jordan" | "JO" | "Algeria" | "DZ";
      count?: number;
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      country: string;
      woeid: number;
      as_of: string;
      trends: Trend[];
    };
  };
  checkFollow: {
    input: {
      source?: string;
      target: string;
      /** Caps the charge: at least 50, the price of the call */
      max_credits?: number;
    };
    data: {
      source: {
        id: string;
        username: string;
      };
      target: {
        id: string;
        username: string;
      };
      following: boolean;
      followed_by: boolean;
    };
  };
  checkRetweet: {
    input: {
      username?: string;
      /** Caps the charge: at least 50, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      user: {
        id: string;
        username: string;
      };
      retweeted: boolean;
      retweeted_at: string | null;
      quoted: boolean;
      quote_tweet_ids: string[];
    };
  };
  checkLike: {
    input: {
      username?: string;
      /** Caps the charge: at least 50, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      user: {
        id: string;
        username: string;
      };
      liked: boolean;
      liked_at: string | null;
    };
  };
  createTweet: {
    input: {
      /** 1 to 280 characters (Unicode code points after NFC normalisation), not all blank */
      text: string;
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: Tweet;
  };
  replyToTweet: {
    input: {
      /** A tweet id, or a tweet URL ending in /status/<id> */
      tweet_id: string;
      /** 1 to 280 characters (Unicode code points after NFC normalisation), not all blank */
      text: string;
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: Tweet;
  };
  quoteTweet: {
    input: {
      /** A tweet id, or a tweet URL ending in /status/<id> */
      quoted_tweet_id: string;
      /** 1 to 280 characters (Unicode code points after NFC normalisation), not all blank */
      text: string;
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: Tweet;
  };
  likeTweet: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      liked: true;
    };
  };
  unlikeTweet: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      liked: false;
    };
  };
  retweetTweet: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      retweeted: true;
      retweet_id: string;
    };
  };
  unretweetTweet: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      tweet_id: string;
      retweeted: false;
    };
  };
  followUser: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      username: string;
      following: boolean;
    };
  };
  unfollowUser: {
    input: {
      /** Caps the charge: at least 100, the price of the call */
      max_credits?: number;
    };
    data: {
      username: string;
      following: boolean;
    };
  };
  getAccount: {
    input: never;
    data: {
      /** Who issued this key; without a key (dashboard session), who created the workspace */
      email: string;
      /** The workspace the key belongs to: it owns the balance, keys, rules and connections */
      workspace: {
        id: string;
        slug: string;
        name: string;
        /** A person’s own workspace, made with their account */
        personal: boolean;
      };
      balance: number;
      /** null when called from a dashboard session rather than with a key */
      key: {
        id: string;
        name: string;
        /** Display form of the key, perch_ab12…wxyz */
        prefix: string;
        scopes: string[];
        rate_limit: number;
        credit_limit: number | null;
        credits_spent: number;
      } | null;
      connected_account: {
        username: string;
      } | null;
      /** Daily and monthly budgets of the workspace and of this key, with this period’s spend: a call past one is refused with 402 key_budget_reached or workspace_budget_reached */
      budgets: {
        /** The IANA time zone whose midnights start the days and months */
        time_zone: string;
        workspace: {
          day: {
            /** Credits allowed in the period; null: no budget */
            budget: number | null;
            /** Charged in the current period */
            spent: number;
            /** When the next period starts (ISO 8601), in the workspace’s time zone */
            resets_at: string;
          };
          month: {
            /** Credits allowed in the period; null: no budget */
            budget: number | null;
            /** Charged in the current period */
            spent: number;
            /** When the next period starts (ISO 8601), in the workspace’s time zone */
            resets_at: string;
          };
        };
        /** null when called from a dashboard session rather than with a key */
        key: {
          day: {
            /** Credits allowed in the period; null: no budget */
            budget: number | null;
            /** Charged in the current period */
            spent: number;
            /** When the next period starts (ISO 8601), in the workspace’s time zone */
            resets_at: string;
          };
          month: {
            /** Credits allowed in the period; null: no budget */
            budget: number | null;
            /** Charged in the current period */
            spent: number;
            /** When the next period starts (ISO 8601), in the workspace’s time zone */
            resets_at: string;
          };
        } | null;
      };
      /** The platforms this deployment serves */
      platforms: {
        /** What a request without the Perch-Platform header is served from */
        default: "local" | "bluesky" | "x";
        /** Every platform the Perch-Platform header may pick */
        available: Array<"local" | "bluesky" | "x">;
        /** The platform that served this request */
        current: "local" | "bluesky" | "x";
      };
    };
  };
  createRule: {
    input: {
      /** Your label for the rule, sent with every match */
      tag: string;
      /** Perch search syntax: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until: (on Bluesky, users are handles or DIDs) */
      query?: string;
      /** Usernames to monitor: their tweets, replies, quotes and retweets */
      accounts?: string[];
      /** A follows monitor: follow.added and follow.removed events, each with both users */
      follows?: {
        username: string;
        /** followers: accounts that start or stop following it; following: accounts it starts or stops following; both */
        direction?: "followers" | "following" | "both";
      };
      /** A profile monitor: profile.updated (changed fields with old and new values; counts are not changes), profile.unavailable (suspended, deleted or turned protected) and profile.available events */
      profile?: {
        /** The accounts whose profiles are watched */
        usernames: string[];
      };
      /** Rules on X only: seconds between polls of X’s recent search for this rule (default 60); every rule is slowed evenly when the deployment’s X search budget would be exceeded. Not accepted on other platforms, which push new tweets as they come */
      interval_seconds?: number;
    };
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    };
  };
  listRules: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge; this operation is free */
      max_credits?: number;
    };
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    }[];
  };
  validateRule: {
    input: {
      /** Your label for the rule, sent with every match */
      tag: string;
      /** Perch search syntax: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until: (on Bluesky, users are handles or DIDs) */
      query?: string;
      /** Usernames to monitor: their tweets, replies, quotes and retweets */
      accounts?: string[];
      /** A follows monitor: follow.added and follow.removed events, each with both users */
      follows?: {
        username: string;
        /** followers: accounts that start or stop following it; following: accounts it starts or stops following; both */
        direction?: "followers" | "following" | "both";
      };
      /** A profile monitor: profile.updated (changed fields with old and new values; counts are not changes), profile.unavailable (suspended, deleted or turned protected) and profile.available events */
      profile?: {
        /** The accounts whose profiles are watched */
        usernames: string[];
      };
      /** Rules on X only: seconds between polls of X’s recent search for this rule (default 60); every rule is slowed evenly when the deployment’s X search budget would be exceeded. Not accepted on other platforms, which push new tweets as they come */
      interval_seconds?: number;
    };
    data: {
      valid: true;
      type: "query" | "accounts" | "follows" | "profile";
    };
  };
  getRule: {
    input: never;
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    };
  };
  updateRule: {
    input: {
      /** Your label for the rule, sent with every match */
      tag: string;
      /** Perch search syntax: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until: (on Bluesky, users are handles or DIDs) */
      query?: string;
      /** Usernames to monitor: their tweets, replies, quotes and retweets */
      accounts?: string[];
      /** A follows monitor: follow.added and follow.removed events, each with both users */
      follows?: {
        username: string;
        /** followers: accounts that start or stop following it; following: accounts it starts or stops following; both */
        direction?: "followers" | "following" | "both";
      };
      /** A profile monitor: profile.updated (changed fields with old and new values; counts are not changes), profile.unavailable (suspended, deleted or turned protected) and profile.available events */
      profile?: {
        /** The accounts whose profiles are watched */
        usernames: string[];
      };
      /** Rules on X only: seconds between polls of X’s recent search for this rule (default 60); every rule is slowed evenly when the deployment’s X search budget would be exceeded. Not accepted on other platforms, which push new tweets as they come */
      interval_seconds?: number;
    };
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    };
  };
  deleteRule: {
    input: never;
    data: {
      id: string;
      deleted: true;
    };
  };
  pauseRule: {
    input: never;
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    };
  };
  resumeRule: {
    input: never;
    data: {
      id: string;
      tag: string;
      /** query: a search query as in POST /v2/search; accounts: everything the listed accounts post; follows: who follows or unfollows an account (follow.added, follow.removed events); profile: changes to accounts’ profiles (profile.updated, profile.unavailable, profile.available events) */
      type: "query" | "accounts" | "follows" | "profile";
      query: string | null;
      /** Monitored usernames (lower case) of an accounts, follows or profile rule; empty for a query rule */
      accounts: string[];
      /** A follows monitor’s account and direction; null for other types */
      follows: {
        username: string;
        direction: "followers" | "following" | "both";
      } | null;
      /** A profile monitor’s accounts; null for other types */
      profile: {
        usernames: string[];
      } | null;
      /** The platform whose new tweets the rule watches: the one that served the request that created or last replaced it (Perch-Platform header or the default) */
      platform: "local" | "bluesky" | "x";
      status: "active" | "paused";
      /** Why a paused rule is paused; rules paused for credits resume by themselves when credits are granted */
      paused_reason: "paused_by_user" | "insufficient_credits" | "key_limit_reached" | null;
      /** X only: seconds between polls of X’s recent search for this rule (slower when the X search budget is short); null on other platforms, which push new tweets as they come */
      interval_seconds: number | null;
      created_at: string;
      updated_at: string;
    };
  };
  createWebhook: {
    input: {
      /** How the endpoint delivers (default webhook) */
      type?: "webhook" | "slack" | "discord" | "email";
      /** webhook, slack and discord endpoints: where to POST (required for them, refused for email) */
      url?: string;
      /** email endpoints: the address the digests go to (required for them, refused for the other types) */
      email?: string;
      /** email endpoints: at most one mail per this many minutes (default 15; refused for the other types) */
      digest_minutes?: number;
      /** The events to route here (default null: every event) */
      events?: Array<"rule.match" | "follow.added" | "follow.removed" | "profile.updated" | "profile.unavailable" | "profile.available" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed"> | null;
      description?: string;
    };
    data: {
      id: string;
      /** webhook, slack, discord or email */
      type: "webhook" | "slack" | "discord" | "email";
      /** The URL delivered to; mailto:<email> for an email endpoint */
      url: string;
      /** email endpoints: where the digests go; null otherwise */
      email: string | null;
      /** email endpoints: at most one mail per this many minutes; null otherwise */
      digest_minutes: number | null;
      /** The events routed to this endpoint; null: every event */
      events: Array<"rule.match" | "follow.added" | "follow.removed" | "profile.updated" | "profile.unavailable" | "profile.available" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed"> | null;
      description: string;
      active: boolean;
      created_at: string;
      /** Until when the secret before the last rotation still signs */
      previous_secret_expires_at: string | null;
      /** The endpoint’s circuit breaker. Each endpoint gets at most 2 attempts at once (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY), and one account’s endpoints at most half of an instance’s delivery workers, so a slow or flooded endpoint delays only its own deliveries. After 5 failed attempts in a row (PERCH_WEBHOOK_BREAKER_FAILURES) the endpoint’s circuit breaker opens: no attempt is made for 30 s, then one trial attempt (half-open); a success closes it, a failure keeps it open twice as long as before (at most 10 minutes). Deliveries wait meanwhile without spending attempts. */
      circuit: {
        /** closed: delivering; open: paused after failures until open_until; half_open: the next attempt is a trial */
        state: "closed" | "open" | "half_open";
        /** Failed attempts in a row (0 after a success) */
        consecutive_failures: number;
        /** When an open circuit allows its trial attempt (null when closed) */
        open_until: string | null;
      };
      /** The signing secret: shown only now */
      secret: string;
    };
  };
  listWebhooks: {
    input: never;
    data: {
      id: string;
      /** webhook, slack, discord or email */
      type: "webhook" | "slack" | "discord" | "email";
      /** The URL delivered to; mailto:<email> for an email endpoint */
      url: string;
      /** email endpoints: where the digests go; null otherwise */
      email: string | null;
      /** email endpoints: at most one mail per this many minutes; null otherwise */
      digest_minutes: number | null;
      /** The events routed to this endpoint; null: every event */
      events: Array<"rule.match" | "follow.added" | "follow.removed" | "profile.updated" | "profile.unavailable" | "profile.available" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed"> | null;
      description: string;
      active: boolean;
      created_at: string;
      /** Until when the secret before the last rotation still signs */
      previous_secret_expires_at: string | null;
      /** The endpoint’s circuit breaker. Each endpoint gets at most 2 attempts at once (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY), and one account’s endpoints at most half of an instance’s delivery workers, so a slow or flooded endpoint delays only its own deliveries. After 5 failed attempts in a row (PERCH_WEBHOOK_BREAKER_FAILURES) the endpoint’s circuit breaker opens: no attempt is made for 30 s, then one trial attempt (half-open); a success closes it, a failure keeps it open twice as long as before (at most 10 minutes). Deliveries wait meanwhile without spending attempts. */
      circuit: {
        /** closed: delivering; open: paused after failures until open_until; half_open: the next attempt is a trial */
        state: "closed" | "open" | "half_open";
        /** Failed attempts in a row (0 after a success) */
        consecutive_failures: number;
        /** When an open circuit allows its trial attempt (null when closed) */
        open_until: string | null;
      };
    }[];
  };
  rotateWebhookSecret: {
    input: {
      overlap_seconds?: number;
    };
    data: {
      id: string;
      /** webhook, slack, discord or email */
      type: "webhook" | "slack" | "discord" | "email";
      /** The URL delivered to; mailto:<email> for an email endpoint */
      url: string;
      /** email endpoints: where the digests go; null otherwise */
      email: string | null;
      /** email endpoints: at most one mail per this many minutes; null otherwise */
      digest_minutes: number | null;
      /** The events routed to this endpoint; null: every event */
      events: Array<"rule.match" | "follow.added" | "follow.removed" | "profile.updated" | "profile.unavailable" | "profile.available" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed"> | null;
      description: string;
      active: boolean;
      created_at: string;
      /** Until when the secret before the last rotation still signs */
      previous_secret_expires_at: string | null;
      /** The endpoint’s circuit breaker. Each endpoint gets at most 2 attempts at once (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY), and one account’s endpoints at most half of an instance’s delivery workers, so a slow or flooded endpoint delays only its own deliveries. After 5 failed attempts in a row (PERCH_WEBHOOK_BREAKER_FAILURES) the endpoint’s circuit breaker opens: no attempt is made for 30 s, then one trial attempt (half-open); a success closes it, a failure keeps it open twice as long as before (at most 10 minutes). Deliveries wait meanwhile without spending attempts. */
      circuit: {
        /** closed: delivering; open: paused after failures until open_until; half_open: the next attempt is a trial */
        state: "closed" | "open" | "half_open";
        /** Failed attempts in a row (0 after a success) */
        consecutive_failures: number;
        /** When an open circuit allows its trial attempt (null when closed) */
        open_until: string | null;
      };
      /** The signing secret: shown only now */
      secret: string;
    };
  };
  testWebhook: {
    input: never;
    data: {
      delivery_id: string;
    };
  };
  listWebhookDeliveries: {
    input: {
      status?: "pending" | "awaiting_credits" | "delivered" | "failed";
      count?: number;
      /** Caps the charge; this operation is free */
      max_credits?: number;
    };
    data: {
      id: string;
      event: "rule.match" | "test" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed";
      match_id: string | null;
      tweet_id: string | null;
      status: "pending" | "awaiting_credits" | "delivered" | "failed";
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      last_latency_ms: number | null;
      next_attempt_at: string | null;
      created_at: string;
      delivered_at: string | null;
    }[];
  };
  replayWebhookDelivery: {
    input: never;
    data: {
      delivery_id: string;
      status: "pending";
    };
  };
  deleteWebhook: {
    input: never;
    data: {
      id: string;
      deleted: true;
    };
  };
  listEvents: {
    input: {
      /** One event name or a comma-separated list */
      type?: string;
      /** Only this rule’s events */
      rule_id?: string;
      /** Only events stored at or after this time */
      since?: string;
      count?: number;
      cursor?: string;
    };
    data: {
      /** The event id: ascending in the order events were stored, the stream’s id (Last-Event-ID) and the match_id of its webhook deliveries */
      id: string;
      type: "rule.match" | "follow.added" | "follow.removed" | "profile.updated" | "profile.unavailable" | "profile.available" | "account.balance_low" | "budget.threshold" | "export.completed" | "export.failed";
      /** When the event was stored */
      created_at: string;
      /** The rule whose event it is; null for the workspace’s account events */
      rule: {
        id: string;
        tag: string;
      } | null;
      /** rule.match: the matched tweet, as its webhook and stream carry it; null for other types */
      tweet: {
        /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
        id: string;
        url: string;
        text: string;
        /** ISO-8601 UTC time */
        created_at: string;
        lang: string | null;
        author: UserSummary;
        /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
        author_id: string;
        /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
        conversation_id: string;
        in_reply_to: {
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          tweet_id: string;
          user_id: string | null;
          username: string | null;
        } | null;
        is_reply: boolean;
        is_retweet: boolean;
        is_quote: boolean;
        /** null where the platform does not give it (X, when its answer lacks the count) */
        like_count: number | null;
        /** null where the platform does not give it (X, when its answer lacks the count) */
        retweet_count: number | null;
        /** null where the platform does not give it (X, when its answer lacks the count) */
        reply_count: number | null;
        /** null where the platform does not give it (X, when its answer lacks the count) */
        quote_count: number | null;
        /** null where the platform does not give it (X, when its answer lacks the count) */
        bookmark_count: number | null;
        view_count: number | null;
        entities: Entities;
        media: Media[];
        possibly_sensitive: boolean;
        community_id: string | null;
        quoted_tweet: {
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          id: string;
          url: string;
          text: string;
          /** ISO-8601 UTC time */
          created_at: string;
          lang: string | null;
          author: UserSummary;
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          author_id: string;
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          conversation_id: string;
          in_reply_to: {
            /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
            tweet_id: string;
            user_id: string | null;
            username: string | null;
          } | null;
          is_reply: boolean;
          is_retweet: boolean;
          is_quote: boolean;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          like_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          retweet_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          reply_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          quote_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          bookmark_count: number | null;
          view_count: number | null;
          entities: Entities;
          media: Media[];
          possibly_sensitive: boolean;
          community_id: string | null;
          quoted_tweet: null;
          retweeted_tweet: null;
        } | null;
        retweeted_tweet: {
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          id: string;
          url: string;
          text: string;
          /** ISO-8601 UTC time */
          created_at: string;
          lang: string | null;
          author: UserSummary;
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          author_id: string;
          /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
          conversation_id: string;
          in_reply_to: {
            /** An opaque, URL-safe id: a decimal 64-bit id on the embedded platform and X; a DID (users) or <DID>~<record key> (posts, lists) on Bluesky */
            tweet_id: string;
            user_id: string | null;
            username: string | null;
          } | null;
          is_reply: boolean;
          is_retweet: boolean;
          is_quote: boolean;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          like_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          retweet_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          reply_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          quote_count: number | null;
          /** null where the platform does not give it (X, when its answer lacks the count) */
          bookmark_count: number | null;
          view_count: number | null;
          entities: Entities;
          media: Media[];
          possibly_sensitive: boolean;
          community_id: string | null;
          quoted_tweet: null;
          retweeted_tweet: null;
        } | null;
      } | null;
      /** The payload of types other than rule.match, as their webhook deliveries carry it in data; null for rule.match */
      data: Record<string, unknown> | null;
    }[];
  };
  createExport: {
    input: {
      /** The paged read operation to run to its end */
      operation: "searchTweets" | "searchUsers" | "getUserTweets" | "getUserMentions" | "getUserReplies" | "getUserMedia" | "getUserFollowers" | "getUserFollowerIds" | "getUserFollowing" | "getUserVerifiedFollowers" | "getTweetConversation" | "getTweetQuotes" | "getTweetRetweeters" | "getTweetLikers" | "getListTweets" | "getListMembers" | "getListSubscribers" | "getCommunityTweets" | "getCommunityMembers";
      /** The operation’s path parameters and query (or body) fields in one object, e.g. {"username": "alice"} or {"query": "perch lang:en"}; not count, cursor or max_credits */
      params?: Record<string, unknown>;
      format?: "jsonl" | "csv";
      /** Stop after this many records */
      max_items?: number;
      /** Stop before spending more than this; at least the price of one record */
      max_credits?: number;
    };
    data: ExportJob;
  };
  listExports: {
    input: {
      count?: number;
      cursor?: string;
      /** Caps the charge; this operation is free */
      max_credits?: number;
      status?: "queued" | "running" | "paused" | "completed" | "failed" | "cancelled";
    };
    data: ExportJob[];
  };
  estimateExport: {
    input: {
      /** The paged read operation to run to its end */
      operation: "searchTweets" | "searchUsers" | "getUserTweets" | "getUserMentions" | "getUserReplies" | "getUserMedia" | "getUserFollowers" | "getUserFollowerIds" | "getUserFollowing" | "getUserVerifiedFollowers" | "getTweetConversation" | "getTweetQuotes" | "getTweetRetweeters" | "getTweetLikers" | "getListTweets" | "getListMembers" | "getListSubscribers" | "getCommunityTweets" | "getCommunityMembers";
      /** The operation’s path parameters and query (or body) fields in one object, e.g. {"username": "alice"} or {"query": "perch lang:en"}; not count, cursor or max_credits */
      params?: Record<string, unknown>;
      format?: "jsonl" | "csv";
      /** Stop after this many records */
      max_items?: number;
      /** Stop before spending more than this; at least the price of one record */
      max_credits?: number;
    };
    data: ExportEstimate;
  };
  getExport: {
    input: never;
    data: ExportJob;
  };
  deleteExport: {
    input: never;
    data: {
      id: string;
      deleted: true;
    };
  };
  cancelExport: {
    input: never;
    data: ExportJob;
  };
  getUsage: {
    input: {
      /** First UTC day, YYYY-MM-DD; default 29 days before `to` */
      from?: string;
      /** Last UTC day, YYYY-MM-DD, included; default today (UTC) */
      to?: string;
      /** What the groups are: day, operation, key or platform */
      group_by?: "day" | "operation" | "key" | "platform";
    };
    data: {
      /** First UTC day added up */
      from: string;
      /** Last UTC day added up */
      to: string;
      group_by: "day" | "operation" | "key" | "platform";
      /** Days are UTC calendar days */
      time_zone: "UTC";
      totals: UsageFigures;
      /** One per group; only the field of group_by (and tag with operation) names it */
      groups: UsageGroup[];
    };
  };
  listUsageEvents: {
    input: {
      count?: number;
      cursor?: string;
    };
    data: UsageEvent[];
  };
};
