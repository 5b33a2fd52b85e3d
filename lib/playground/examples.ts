import type { Samples } from '@/lib/platform/local/get-samples';

/** Ids and names that exist on this deployment, for filling in a first call. */
export type PlaygroundSamples = Samples;

/**
 * A value of a field that works here: real usernames and ids from the platform's samples,
 * so that picking an operation and pressing Send gives a real answer at once.
 */
export function exampleValue(operationId: string, field: string, samples: PlaygroundSamples): string | undefined {
  const [user, otherUser] = [samples.usernames[0], samples.usernames[1] ?? samples.usernames[0]];
  switch (field) {
    case 'username':
    case 'source':
      return user;
    case 'target':
      return otherUser;
    case 'tweetId':
    case 'tweet_id':
    case 'quoted_tweet_id':
      return samples.tweet_ids[0];
    case 'listId':
      return samples.list_ids[0];
    case 'communityId':
      return samples.community_ids[0];
    case 'usernames':
      return samples.usernames.slice(0, 3).join('\n') || undefined;
    case 'ids':
      return samples.tweet_ids.slice(0, 3).join('\n') || undefined;
    // Real-time: a rule's label, and ids the caller replaces with those of its own rules and endpoints.
    case 'tag':
      return 'news';
    case 'ruleId':
    case 'webhookId':
    case 'exportId':
      return '1';
    case 'deliveryId':
      return '00000000-0000-4000-8000-000000000000';
    case 'url':
      return 'https://example.com/hooks/perch';
    case 'text':
      return 'Hello from the Perch playground';
    // An export of the first sample user's followers.
    case 'operation':
      return operationId.endsWith('Export') ? 'getUserFollowers' : undefined;
    case 'params':
      return user && operationId.endsWith('Export') ? JSON.stringify({ username: user }) : undefined;
    case 'query':
      // Tweet search shows off an operator; user search matches the name part of a username.
      if (!user) return undefined;
      if (operationId === 'searchTweets' || operationId.endsWith('Rule')) return `from:${user}`;
      return user.replace(/[_0-9]+$/, '').slice(0, 8) || user;
    default:
      return undefined;
  }
}
