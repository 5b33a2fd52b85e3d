import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS, ROUTED_OPERATIONS } from '@/lib/api/registry';
import { X_LACKS } from '@/lib/platform/x/reads';
import type { XMockRequest } from './x-openapi-mock';

// Perch's X reads driven against the mock of X's description (tests/integration/x-openapi-mock.test.ts):
// which operations they are, the inputs each is called with, and Perch's own OpenAPI document as
// the judge of each answer.

/** Operations served from the platform (not the account, rules, webhooks, stream or exports). */
const PLATFORM_TAGS = new Set(['Search', 'Users', 'Tweets', 'Lists', 'Communities', 'Analytics', 'Interaction Check']);

/** Every /v2 read X serves: the platform reads less the ones X lacks, from the registry itself. */
export function xReadOperations() {
  return OPERATIONS.filter((operation) => operation.scope === 'read' && PLATFORM_TAGS.has(operation.tag) && !(operation.id in X_LACKS));
}

const USER = 'alice';
const TWEET = '1800000000000000001';
const LIST = '1500000000000000001';

/** A call of each read with inputs Perch's syntax takes. */
export const X_READ_CALLS: Record<string, { method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: unknown }> = {
  searchTweets: { method: 'POST', path: '/v2/search', body: { query: 'birds' } },
  searchUsers: { method: 'POST', path: '/v2/search/users', body: { query: 'birds' } },
  getUser: { method: 'GET', path: `/v2/users/${USER}` },
  getUserTweets: { method: 'GET', path: `/v2/users/${USER}/tweets` },
  getUserMentions: { method: 'GET', path: `/v2/users/${USER}/mentions` },
  getUserReplies: { method: 'GET', path: `/v2/users/${USER}/replies` },
  getUserMedia: { method: 'GET', path: `/v2/users/${USER}/media` },
  getUserFollowers: { method: 'GET', path: `/v2/users/${USER}/followers` },
  getUserFollowerIds: { method: 'GET', path: `/v2/users/${USER}/followers-ids` },
  getUserFollowing: { method: 'GET', path: `/v2/users/${USER}/following` },
  getUserVerifiedFollowers: { method: 'GET', path: `/v2/users/${USER}/verified-followers` },
  getUsersBatch: { method: 'POST', path: '/v2/users/batch', body: { usernames: [USER, 'bob'] } },
  getTweet: { method: 'GET', path: `/v2/tweets/${TWEET}` },
  getTweetConversation: { method: 'GET', path: `/v2/tweets/${TWEET}/conversation` },
  getTweetQuotes: { method: 'GET', path: `/v2/tweets/${TWEET}/quotes` },
  getTweetsBatch: { method: 'POST', path: '/v2/tweets/batch', body: { ids: [TWEET, '1800000000000000002'] } },
  getTweetRetweeters: { method: 'GET', path: `/v2/tweets/${TWEET}/retweeters` },
  getTweetLikers: { method: 'GET', path: `/v2/tweets/${TWEET}/likers` },
  getListTweets: { method: 'GET', path: `/v2/lists/${LIST}/tweets` },
  getListMembers: { method: 'GET', path: `/v2/lists/${LIST}/members` },
  getListSubscribers: { method: 'GET', path: `/v2/lists/${LIST}/subscribers` },
  getTrending: { method: 'GET', path: '/v2/trending' },
  checkRetweet: { method: 'GET', path: `/v2/tweets/${TWEET}/check-retweet`, query: { username: USER } },
  checkLike: { method: 'GET', path: `/v2/tweets/${TWEET}/check-like`, query: { username: USER } },
};

type Schema = Record<string, unknown>;

/** Checks an answer against Perch's own OpenAPI document: the operation's response schema for its status. */
export function perchAnswerValidator() {
  const document = buildOpenApiDocument(ROUTED_OPERATIONS) as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
    components: Schema;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (operationId: string, status: number, body: unknown): string[] => {
    const key = `${operationId} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const operation = Object.values(document.paths).flatMap((methods) => Object.values(methods)).find((o) => o.operationId === operationId);
      const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema;
      if (!schema) return [`${operationId} documents no JSON answer for ${status}`];
      // The schema's $refs point into #/components of the document: carry them along.
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
}

/** One line per distinct request shape: the operation, its query parameter names, and the values of its fields and expansions. */
export function requestShapes(requests: readonly XMockRequest[]): string[] {
  const lines = requests.map((request) => {
    const names = Object.keys(request.query).sort().join(',');
    const lists = Object.entries(request.query)
      .filter(([name]) => name.endsWith('.fields') || name === 'expansions' || name === 'exclude')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, values]) => `${name}=${values.join('|')}`)
      .join(' ');
    return `${request.operation ?? `${request.method} ${request.pathname} (no operation)`} [${names}] ${lists}`.trim();
  });
  return [...new Set(lines)].sort();
}
