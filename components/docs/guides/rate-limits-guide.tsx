import { C, GuideSection } from '../guide-section';

/** Per-key limits and their headers. */
export function RateLimitsGuide() {
  return (
    <GuideSection id="rate-limits" title="Rate limits">
      <p>
        Each key has its own limit, 100 requests per second with bursts of 200 unless the key was given another: once a second&apos;s requests are used, a reserve of as many again
        per 10 seconds still serves calls. Every answer to a valid key, errors included (400, 402, 404, 429 …), says where you stand, in the fields of the IETF draft{' '}
        <a className="underline" href="https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/11/">
          draft-ietf-httpapi-ratelimit-headers-11
        </a>
        :
      </p>
      <ul className="list-disc pl-5">
        <li>
          <C>RateLimit-Policy: &quot;default&quot;;q=100;w=1</C>: the key&apos;s quota, q requests per window of w = 1 second. The burst reserve is not in it;
        </li>
        <li>
          <C>RateLimit: &quot;default&quot;;r=42;t=1</C>: r requests left in the current second, and t seconds until it ends (rounded up; on a 429, the <C>Retry-After</C>).
          Past r, a call may still be served from the reserve.
        </li>
      </ul>
      <p>The same figures in Perch&apos;s original headers, kept for existing clients (legacy: prefer the two above):</p>
      <ul className="list-disc pl-5">
        <li>
          <C>X-RateLimit-Limit</C>: requests allowed per second (q);
        </li>
        <li>
          <C>X-RateLimit-Remaining</C>: requests left right now (r);
        </li>
        <li>
          <C>X-RateLimit-Reset</C>: when the second ends (Unix seconds, rounded up).
        </li>
      </ul>
      <p>
        <C>Perch-Credits-Remaining</C> gives the workspace&apos;s credits on every answer to a key, errors included: on a success it is <C>meta.credits_remaining</C>; on an error, the
        balance as the answering server sees it. A 401 (no valid key) has none of these headers.
      </p>
      <p>
        Over the limit, the answer is <C>429 rate_limited</C> with <C>Retry-After</C> in seconds; nothing ran and nothing was charged, so retrying after that wait is always safe. Writes
        accept an <C>Idempotency-Key</C> header (kept 24 hours) that makes retrying them safe too.
      </p>
    </GuideSection>
  );
}
