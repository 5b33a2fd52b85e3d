import { C, GuideSection } from '../guide-section';

/** Per-key limits and their headers. */
export function RateLimitsGuide() {
  return (
    <GuideSection id="rate-limits" title="Rate limits">
      <p>
        Each key has its own limit, 100 requests per second with bursts of 200 unless the key was given another. Every authenticated response says where you stand:
      </p>
      <ul className="list-disc pl-5">
        <li>
          <C>X-RateLimit-Limit</C>: requests allowed per second;
        </li>
        <li>
          <C>X-RateLimit-Remaining</C>: requests left right now;
        </li>
        <li>
          <C>X-RateLimit-Reset</C>: when the allowance is full again (Unix seconds).
        </li>
      </ul>
      <p>
        Over the limit, the answer is <C>429 rate_limited</C> with <C>Retry-After</C> in seconds; nothing ran and nothing was charged, so retrying after that wait is always safe. Writes
        accept an <C>Idempotency-Key</C> header (kept 24 hours) that makes retrying them safe too.
      </p>
    </GuideSection>
  );
}
