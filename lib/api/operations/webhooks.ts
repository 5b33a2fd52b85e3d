import { z } from 'zod';
import { checkEndpointUrl } from '@/lib/delivery/endpoint-url';
import { ENDPOINT_URL_PATTERN } from '@/lib/delivery/endpoint-url-pattern';
import { WEBHOOK_EVENTS } from '@/lib/delivery/webhook-payload';
import { ROUTABLE_EVENTS } from '@/lib/delivery/event-data';
import { MAX_EVENTS_PER_MAIL } from '@/lib/delivery/deliver-email-digest';
import { checkEmailAddress, checkServiceUrl, ENDPOINT_KINDS } from '@/lib/delivery/targets/target-url';
import { EMAIL_PATTERN } from '@/lib/delivery/targets/endpoint-kinds';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  MAX_ENDPOINTS_PER_ACCOUNT,
  replayDelivery,
  rotateEndpointSecret,
  sendTestEvent,
  DEFAULT_DIGEST_MINUTES,
  type Endpoint,
} from '@/lib/delivery/endpoint-store';
import { auditChange } from '../audit-change';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';
import { integerField, maxCreditsField, perchIdField } from '../inputs';

const SIGNING_NOTE = `Each delivery is a JSON POST {id, event, created_at, match: {id, rule: {id, tag}, matched_at}, tweet} with headers Perch-Delivery-Id (the body's id, the same on every retry: de-duplicate by it), Perch-Event, Perch-Timestamp and Perch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret> (a second v1 during a secret rotation's overlap). Answer 2xx within 10 s; anything else is retried with exponential backoff (30 s doubling, at most hourly) for 24 hours, then kept as failed. Each match delivered costs what one tweet of searchTweets (POST /v2/search) costs the workspace on the rule's platform (its x-credits; the workspace's own terms apply), once, on its first success; failed deliveries cost nothing. Perch-Event is rule.match, test (sent on request) or account.balance_low: sent once, free, when the account's balance (credits leased by running instances counted in) falls below its low-balance alert threshold (Billing page; 1000 credits by default, 0 turns it off), with match and tweet null and data {balance, threshold}; it is sent again only after the balance has been back at or above the threshold. Perch-Event budget.threshold (free) is sent once per budget, period and alert percentage when a daily or monthly budget of the workspace or of one of its keys reaches that percentage, with match and tweet null and data {scope (key or workspace), key_id, period (day or month), percent, budget, spent, resets_at}. Perch-Event export.completed or export.failed (free) is sent once when an export of the workspace ends (completed: everything there was, or its max_items / max_credits; failed: the source refused it for good), with match and tweet null and data {export} (the ExportJob, as GET /v2/exports/{exportId} answers it); a cancelled export sends none.`;

const FAIRNESS_NOTE =
  'Each endpoint gets at most 2 attempts at once (PERCH_WEBHOOK_ENDPOINT_CONCURRENCY), and one account’s endpoints at most half of an instance’s delivery workers, so a slow or flooded endpoint delays only its own deliveries. After 5 failed attempts in a row (PERCH_WEBHOOK_BREAKER_FAILURES) the endpoint’s circuit breaker opens: no attempt is made for 30 s, then one trial attempt (half-open); a success closes it, a failure keeps it open twice as long as before (at most 10 minutes). Deliveries wait meanwhile without spending attempts.';

const CircuitSchema = z
  .object({
    state: z.enum(['closed', 'open', 'half_open']).describe('closed: delivering; open: paused after failures until open_until; half_open: the next attempt is a trial'),
    consecutive_failures: z.number().int().describe('Failed attempts in a row (0 after a success)'),
    open_until: z.string().nullable().describe('When an open circuit allows its trial attempt (null when closed)'),
  })
  .describe(`The endpoint’s circuit breaker. ${FAIRNESS_NOTE}`);

const KINDS_NOTE = `type says how the endpoint delivers; every type has the same delivery log, retries, circuit breaker, test event and replay. webhook (default): the signed JSON POST described below. slack: a Slack incoming-webhook URL (https://hooks.slack.com/services/…); each event is a message {text, blocks} in mrkdwn: a readable line with links to the tweet and the profiles, never raw JSON. discord: a Discord webhook URL (https://discord.com/api/webhooks/… or discordapp.com); each event is {content, embeds} in Discord markdown, mentions off. Slack and Discord messages are not signed (the URL is the secret) and carry Perch-Delivery-Id and Perch-Event; other hosts are refused for them unless the deployment sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development). email: a digest mailed to email (url is mailto:<email>), at most one per digest_minutes (0 to 1440, default ${DEFAULT_DIGEST_MINUTES}; 0: as soon as events are due): the first event after a quiet period is mailed at once, the ones that come while the window is closed wait for its end and go together, oldest first, up to ${MAX_EVENTS_PER_MAIL} a mail; the deliveries a mail covers are marked delivered when the mail is queued (at least once: a crash in between can send a mail twice). A test event is mailed alone at once. events routes events to the endpoint: null (default) sends every event; a list sends only those (test events are always sent). Event names: ${ROUTABLE_EVENTS.join(', ')}. The data of follow.added/follow.removed is {monitor: {username, direction}, follower, followed}, of profile.updated {user, changes: [{field, old, new}]}, of profile.unavailable {user, reason: suspended|deleted|protected}, of profile.available {user}, each user {id, username, name, profile_url} (lib/delivery/event-data.ts).`;

const EndpointSchema = z.object({
  id: z.string(),
  type: z.enum(ENDPOINT_KINDS).describe('webhook, slack, discord or email'),
  url: z.string().describe('The URL delivered to; mailto:<email> for an email endpoint'),
  email: z.string().nullable().describe('email endpoints: where the digests go; null otherwise'),
  digest_minutes: z.number().int().nullable().describe('email endpoints: at most one mail per this many minutes; null otherwise'),
  events: z.array(z.enum(ROUTABLE_EVENTS)).nullable().describe('The events routed to this endpoint; null: every event'),
  description: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  previous_secret_expires_at: z.string().nullable().describe('Until when the secret before the last rotation still signs'),
  circuit: CircuitSchema,
});
const EndpointWithSecret = EndpointSchema.extend({ secret: z.string().describe('The signing secret: shown only now') });

const DeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  match_id: z.string().nullable(),
  tweet_id: z.string().nullable(),
  status: z.enum(['pending', 'awaiting_credits', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_latency_ms: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});

const endpointParams = z.object({ webhookId: perchIdField });

const endpointUrlField = z
  .string()
  .min(1)
  .max(2048)
  .meta({
    format: 'uri',
    pattern: ENDPOINT_URL_PATTERN,
    description:
      'An https URL of a public host, without credentials. Loopback, private, link-local and reserved addresses and local names (localhost, *.local, *.internal, single labels) are refused unless the deployment sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development), which also allows plain http to them.',
  });
/** What the audit log keeps of an endpoint: where it delivers and whether it does (never its secret). */
const endpointState = (endpoint: Endpoint) => ({ url: endpoint.url, description: endpoint.description, active: endpoint.active });
const endpointTarget = (endpoint: Endpoint) => ({ kind: 'endpoint', id: endpoint.id, label: endpoint.url });

/** Where a new endpoint of `kind` delivers, checked: its URL, or its email address. 400 naming the field otherwise. */
function checkedTarget(kind: (typeof ENDPOINT_KINDS)[number], body: { url?: string; email?: string; digest_minutes?: number }): { url: string | null; email?: string } {
  const refuse = (field: string, message: string) => new ApiError('invalid_request', `${field}: ${message}`, [{ path: field, message }]);
  if (kind === 'email') {
    if (body.url !== undefined) throw refuse('url', 'an email endpoint takes email, not url');
    if (body.email === undefined) throw refuse('email', 'required for an email endpoint');
    return { url: null, email: checkEmailAddress(body.email) };
  }
  if (body.email !== undefined) throw refuse('email', `only for an email endpoint (type is ${kind})`);
  if (body.digest_minutes !== undefined) throw refuse('digest_minutes', `only for an email endpoint (type is ${kind})`);
  if (body.url === undefined) throw refuse('url', `required for a ${kind} endpoint`);
  return { url: kind === 'webhook' ? checkEndpointUrl(body.url) : checkServiceUrl(kind, body.url) };
}

const notFound = (id: string) => new ApiError('not_found', `webhook endpoint ${id} not found`);

export const createWebhook = defineOperation({
  id: 'createWebhook',
  tag: 'Webhooks',
  method: 'POST',
  path: '/v2/webhooks',
  summary: 'Register an endpoint (webhook, Slack, Discord or email) for your account’s events',
  description: `${KINDS_NOTE} HTTPS URLs of public hosts: a URL naming a loopback, private, link-local, CGNAT, multicast, unspecified or reserved address in any notation (decimal, hex, octal, short IPv4 forms; IPv4-mapped, NAT64 and 6to4 IPv6 forms) or a local name (localhost, *.localhost, *.local, *.internal, single labels) is refused with a 400 naming url, unless the deployment sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 (development), which also allows plain HTTP to those hosts only. Every attempt resolves the host again and connects only if all its addresses are public (no redirect is followed); the delivery log's last_error is then only could not connect (a refused address included), timed out, TLS error or HTTP <status>, as for POST /v2/webhooks/{webhookId}/test. At most ${MAX_ENDPOINTS_PER_ACCOUNT} per account. ${SIGNING_NOTE}`,
  scope: 'read',
  cost: COSTS.free,
  body: z.object({
    type: z.enum(ENDPOINT_KINDS).optional().describe('How the endpoint delivers (default webhook)'),
    url: endpointUrlField.optional().describe('webhook, slack and discord endpoints: where to POST (required for them, refused for email)'),
    email: z
      .string()
      .max(254)
      .regex(new RegExp(EMAIL_PATTERN, 'u'), 'must be an email address')
      .optional()
      .meta({ pattern: EMAIL_PATTERN, description: 'email endpoints: the address the digests go to (required for them, refused for the other types)' }),
    digest_minutes: integerField(0, 1440).optional().describe(`email endpoints: at most one mail per this many minutes (default ${DEFAULT_DIGEST_MINUTES}; refused for the other types)`),
    events: z.array(z.enum(ROUTABLE_EVENTS)).min(1).max(ROUTABLE_EVENTS.length).nullable().optional().describe('The events to route here (default null: every event)'),
    description: z.string().max(200).optional(),
  }),
  response: EndpointWithSecret,
  handler: async ({ body, caller, request }) => {
    const kind = body.type ?? 'webhook';
    const target = checkedTarget(kind, body);
    const events = body.events ? [...new Set(body.events)] : null;
    const endpoint = await createEndpoint(caller.userId, target.url, body.description ?? '', { kind, email: target.email, digestMinutes: body.digest_minutes, events });
    if (!endpoint) throw new ApiError('invalid_request', `this account already has ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints: delete one first`);
    await auditChange({ caller, request }, { action: 'endpoint.created', target: endpointTarget(endpoint), after: endpointState(endpoint) });
    return { data: endpoint };
  },
});

export const listWebhooks = defineOperation({
  id: 'listWebhooks',
  tag: 'Webhooks',
  method: 'GET',
  path: '/v2/webhooks',
  summary: 'List your webhook endpoints',
  description: `Each with its type, event filter and circuit breaker. ${FAIRNESS_NOTE}`,
  scope: 'read',
  cost: COSTS.free,
  response: z.array(EndpointSchema),
  handler: async ({ caller }) => ({ data: await listEndpoints(caller.userId) }),
});

export const deleteWebhook = defineOperation({
  id: 'deleteWebhook',
  tag: 'Webhooks',
  method: 'DELETE',
  path: '/v2/webhooks/{webhookId}',
  summary: 'Delete a webhook endpoint and its delivery log',
  scope: 'read',
  cost: COSTS.free,
  params: endpointParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ params, caller, request }) => {
    const deleted = await deleteEndpoint(caller.userId, params.webhookId);
    if (!deleted) throw notFound(params.webhookId);
    await auditChange({ caller, request }, { action: 'endpoint.deleted', target: endpointTarget(deleted), before: endpointState(deleted) });
    return { data: { id: params.webhookId, deleted: true as const } };
  },
});

export const rotateWebhookSecret = defineOperation({
  id: 'rotateWebhookSecret',
  tag: 'Webhooks',
  method: 'POST',
  path: '/v2/webhooks/{webhookId}/rotate-secret',
  summary: 'Replace an endpoint’s signing secret',
  description: 'The new secret is shown once. For overlap_seconds (default 86400, at most 7 days) deliveries carry a second v1 signature made with the old secret.',
  scope: 'read',
  cost: COSTS.free,
  params: endpointParams,
  body: z.object({ overlap_seconds: integerField(0, 7 * 86_400).optional() }),
  response: EndpointWithSecret,
  handler: async ({ params, body, caller, request }) => {
    const endpoint = await rotateEndpointSecret(caller.userId, params.webhookId, body.overlap_seconds ?? 86_400);
    if (!endpoint) throw notFound(params.webhookId);
    // The secrets themselves never reach the log: only that one was replaced, and until when the old one signs.
    const state = endpointState(endpoint);
    await auditChange({ caller, request }, {
      action: 'endpoint.updated',
      target: endpointTarget(endpoint),
      before: state,
      after: { ...state, secret_rotated: true, previous_secret_expires_at: endpoint.previous_secret_expires_at },
    });
    return { data: endpoint };
  },
});

export const listWebhookDeliveries = defineOperation({
  id: 'listWebhookDeliveries',
  tag: 'Webhooks',
  method: 'GET',
  path: '/v2/webhooks/{webhookId}/deliveries',
  summary: 'An endpoint’s delivery log: status, attempts, response code, latency',
  scope: 'read',
  cost: COSTS.free,
  params: endpointParams,
  query: z.object({ status: z.enum(['pending', 'awaiting_credits', 'delivered', 'failed']).optional(), count: integerField(1, 1000).optional(), ...maxCreditsField }),
  response: z.array(DeliverySchema),
  handler: async ({ params, query, caller }) => {
    const deliveries = await listDeliveries(caller.userId, params.webhookId, query.status, query.count ?? 100);
    if (!deliveries) throw notFound(params.webhookId);
    return { data: deliveries };
  },
});

export const testWebhook = defineOperation({
  id: 'testWebhook',
  tag: 'Webhooks',
  method: 'POST',
  path: '/v2/webhooks/{webhookId}/test',
  summary: 'Send a test event to an endpoint (free)',
  description: 'A webhook gets a signed test event; a Slack or Discord endpoint a test message; an email endpoint a test mail at once (outside its digest window). Sent whatever the endpoint’s event filter.',
  scope: 'read',
  cost: COSTS.free,
  params: endpointParams,
  response: z.object({ delivery_id: z.string() }),
  handler: async ({ params, caller }) => {
    const id = await sendTestEvent(caller.userId, params.webhookId);
    if (!id) throw notFound(params.webhookId);
    return { data: { delivery_id: id } };
  },
});

export const replayWebhookDelivery = defineOperation({
  id: 'replayWebhookDelivery',
  tag: 'Webhooks',
  method: 'POST',
  path: '/v2/webhooks/deliveries/{deliveryId}/replay',
  summary: 'Send a delivered or failed delivery again',
  description: 'Same delivery id, retried as a new delivery would be. A match already paid for is not charged again.',
  scope: 'read',
  cost: COSTS.free,
  params: z.object({ deliveryId: z.string().uuid('must be a delivery id') }),
  response: z.object({ delivery_id: z.string(), status: z.literal('pending') }),
  handler: async ({ params, caller }) => {
    const outcome = await replayDelivery(caller.userId, params.deliveryId);
    if (outcome === 'not_found') throw new ApiError('not_found', `delivery ${params.deliveryId} not found`);
    if (outcome === 'busy') throw new ApiError('invalid_request', 'this delivery is still pending: only delivered or failed deliveries can be replayed');
    return { data: { delivery_id: params.deliveryId, status: 'pending' as const } };
  },
});

export const WEBHOOK_OPERATIONS = [createWebhook, listWebhooks, rotateWebhookSecret, testWebhook, listWebhookDeliveries, replayWebhookDelivery, deleteWebhook];
