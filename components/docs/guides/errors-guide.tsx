import { C, GuideSection } from '../guide-section';

const ERRORS: Array<[string, string, string]> = [
  ['400', 'invalid_request', 'Malformed JSON, an unknown or mistyped field, a value out of range, a bad cursor, username or id. details lists each problem as {path, message}.'],
  ['401', 'unauthorized', 'Authorization missing, not Bearer, or an unknown, revoked or expired key, or the old secret of a rotated key after its grace period.'],
  ['402', 'insufficient_credits', 'The balance cannot cover the hold; details has required and balance.'],
  ['402', 'key_limit_reached', 'The key’s own spending limit is used up.'],
  ['402', 'key_budget_reached', 'The key’s daily or monthly budget is reached; details has period, budget, spent and resets_at (when calls are served again).'],
  ['402', 'workspace_budget_reached', 'The workspace’s daily or monthly budget is reached (all its keys together); details has period, budget, spent and resets_at.'],
  ['403', 'forbidden', 'The key lacks the write scope, or the tweet to delete is someone else’s.'],
  ['403', 'account_not_connected', 'A write, and no platform account is connected.'],
  ['404', 'not_found', 'The user, tweet, list or community does not exist.'],
  ['409', 'idempotency_conflict', 'An Idempotency-Key reused with a different request.'],
  ['405', 'method_not_allowed', 'The path takes other methods (listed in the Allow header), or the method is one the API does not implement.'],
  ['413', 'payload_too_large', 'A body over 64 KiB.'],
  ['415', 'unsupported_media_type', 'A body whose Content-Type is not application/json.'],
  ['429', 'rate_limited', 'Too many requests for this key; wait Retry-After seconds.'],
  [
    '429',
    'too_many_failed_authentications',
    'Your address sent more than 20 unknown, revoked, expired or malformed keys within a minute; further failures are refused until Retry-After. A valid key is always served.',
  ],
  ['429', 'too_many_streams', 'GET /v2/stream: this key (5) or its account (20) already has its most streams open; details has scope and limit. Close a stream before opening another.'],
  ['429', 'too_many_connections', 'Your address holds the most open connections the server allows one client (256 by default); this connection is closed. Reuse connections, and retry after Retry-After.'],
  ['500', 'internal_error', 'A bug on our side; quote the request id.'],
  ['503', 'unavailable', 'The data source cannot serve this operation right now.'],
];

/** The error envelope and every code. */
export function ErrorsGuide() {
  return (
    <GuideSection id="errors" title="Errors">
      <p>
        Every error has the same shape, <C>{'{"error": {"code", "message", "details?"}, "meta": {"request_id", "latency_ms"}}'}</C>, and charges nothing. Branch on <C>code</C>; show
        <C>message</C> to people; quote <C>request_id</C> (also the <C>x-request-id</C> header) when reporting a problem.
      </p>
      <dl className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {ERRORS.map(([status, code, when]) => (
          <div key={code} className="flex min-w-0 flex-col gap-0.5 p-2.5 sm:flex-row sm:gap-3">
            <dt className="shrink-0 font-mono text-xs sm:w-56">
              <span className="font-semibold text-slate-900 dark:text-slate-100">{status}</span> {code}
            </dt>
            <dd className="text-sm">{when}</dd>
          </div>
        ))}
      </dl>
    </GuideSection>
  );
}
