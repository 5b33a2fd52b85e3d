import Link from 'next/link';
import { CodeBlock } from '../code-block';
import { C, GuideSection } from '../guide-section';

/** How a call proves who it is: keys, scopes, where to get one. */
export function AuthenticationGuide({ origin }: { origin: string }) {
  return (
    <GuideSection id="authentication" title="Authentication">
      <p>
        Every call to <C>/v2</C> carries an API key as a bearer token. Create keys on the <Link href="/dashboard/keys" className="text-brand-700 underline dark:text-brand-500">API keys</Link> page
        (the full key is shown once) or with <C>npm run --silent admin -- create-key --email you@example.com</C>. Keys start with <C>perch_</C> and are stored only as hashes.
      </p>
      <CodeBlock label="An authenticated call" code={`export PERCH_API_KEY=perch_…\ncurl -sS '${origin}/v2/account' -H "Authorization: Bearer $PERCH_API_KEY"`} />
      <p>
        A key has the <C>read</C> scope, the <C>write</C> scope or both: write operations need <C>write</C> and act as the platform account you connected. A key may also have a spending
        limit in credits, an expiry date and a rate limit, all of which you can change later; the API keys page shows what each key has spent and has left. A missing, unknown,
        revoked or expired key is a <C>401 unauthorized</C>; <C>GET /v2/openapi.json</C> needs no key.
      </p>
      <p>
        A revoked or changed key takes effect on every server within a second. To replace a key without downtime, <strong>rotate</strong> it: you get a new secret for the same key
        (same limits and history) and the old secret keeps working for the grace period you choose (1 hour, 24 hours or 7 days). An address that sends more than 20 bad keys a
        minute gets <C>429 too_many_failed_authentications</C> for further bad keys until <C>Retry-After</C>; valid keys are always served.
      </p>
    </GuideSection>
  );
}
