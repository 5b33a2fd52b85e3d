import Link from 'next/link';
import type { DocsModel } from '@/lib/docs/docs-model';
import { CodeBlock } from '../code-block';
import { C, GuideSection } from '../guide-section';

/** From nothing to a first answer: a key, real ids from the samples command, a call, reading meta. */
/** An operation's list price per item on the default platform (0 if the model lacks it). */
function unitPrice(model: DocsModel, id: string): number {
  return model.tags.flatMap((tag) => tag.operations).find((op) => op.id === id)?.credits.credits ?? 0;
}

export function FirstCallGuide({ origin, model }: { origin: string; model: DocsModel }) {
  return (
    <GuideSection id="first-call" title="Your first call">
      <p>
        On the server (with <C>npm start</C> running), make an account and a key with the admin CLI, or sign up and create a key in the dashboard. Then ask the platform for ids that
        exist: <C>samples</C> prints real usernames, tweet ids, list ids and community ids as one line of JSON.
      </p>
      <CodeBlock
        label="Set up and find real ids"
        code={`npm run --silent admin -- create-user --email you@example.com --password 'a-long-password' --credits 100000
export PERCH_API_KEY=$(npm run --silent admin -- create-key --email you@example.com --scopes read,write)
npm run --silent admin -- samples
# {"usernames":["…","…"],"tweet_ids":["…"],"list_ids":["…"],"community_ids":["…"]}`}
      />
      <p>Take a username from the output and fetch the profile, then its latest tweets:</p>
      <CodeBlock
        label="First calls"
        code={`curl -sS '${origin}/v2/users/USERNAME' -H "Authorization: Bearer $PERCH_API_KEY"
curl -sS '${origin}/v2/users/USERNAME/tweets?count=5' -H "Authorization: Bearer $PERCH_API_KEY"
curl -sS -X POST '${origin}/v2/search' -H "Authorization: Bearer $PERCH_API_KEY" \\
  -H 'Content-Type: application/json' --data '{"query":"from:USERNAME","count":5,"sort":"popular"}'`}
      />
      <p>
        Each answer is <C>{'{"data": …, "meta": {…}}'}</C>: the profile cost {unitPrice(model, 'getUser')} credits, five tweets 5 × {unitPrice(model, 'getUserTweets')}. <C>meta.credits_charged</C> says what the call cost and
        <C>meta.credits_remaining</C> what is left. Signed in, the <Link href="/dashboard/playground" className="text-brand-700 underline dark:text-brand-500">playground</Link> runs every
        operation with a generated form and copies the call as curl, TypeScript or Python.
      </p>
    </GuideSection>
  );
}
