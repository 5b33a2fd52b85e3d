/** The named sizes the generator seeds. */
export type SeedScale = 'test' | 'demo' | 'bench';

export type ScaleConfig = {
  users: number;
  /** Tweet rows, retweets included. */
  tweets: number;
  follows: number;
  likes: number;
  lists: number;
  /** Mean members and subscribers per list (the spread is heavy-tailed). */
  listMembers: number;
  listSubscribers: number;
  communities: number;
  /** Community memberships in all. */
  communityMembers: number;
};

export const SCALES: Readonly<Record<SeedScale, ScaleConfig>> = {
  // Small enough to seed in seconds per test run, big enough for every shape (pagination
  // past 100 followers, deep threads, all countries).
  test: { users: 400, tweets: 5_000, follows: 10_000, likes: 15_000, lists: 12, listMembers: 15, listSubscribers: 8, communities: 5, communityMembers: 200 },
  demo: { users: 5_000, tweets: 100_000, follows: 150_000, likes: 300_000, lists: 150, listMembers: 30, listSubscribers: 15, communities: 20, communityMembers: 4_000 },
  // More users than the 100k floor, so the most followed accounts can pass 100k followers.
  bench: { users: 250_000, tweets: 1_000_000, follows: 10_200_000, likes: 3_000_000, lists: 5_000, listMembers: 40, listSubscribers: 20, communities: 200, communityMembers: 200_000 },
};

export const SEED_SCALES = Object.keys(SCALES) as SeedScale[];

/** Days of activity before the anchor that tweets and relationships fall in. */
export const ACTIVITY_DAYS = 60;
