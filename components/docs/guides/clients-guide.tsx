import { CodeBlock } from '../code-block';
import { C, GuideSection } from '../guide-section';

/** The TypeScript and Python clients: how to install each and a first call. */
export function ClientsGuide({ origin }: { origin: string }) {
  return (
    <GuideSection id="clients" title="Client libraries">
      <p>
        Two clients come with Perch. Both read the key from <C>PERCH_API_KEY</C>, retry a 429 after its <C>Retry-After</C> (and 5xx answers only for reads and for writes, which carry an{' '}
        <C>Idempotency-Key</C>), raise typed errors and page through results for you.
      </p>
      <p>
        <strong>Python</strong> (standard library only, Python 3.9+; installs from a Perch checkout with no package index). Methods are the operations in snake_case, generated from
        this reference:
      </p>
      <CodeBlock
        label="Python"
        code={`pip install ./clients/python

from perch import Perch, NotFoundError

perch = Perch(base_url="${origin}")
user = perch.get_user("USERNAME")
print(user.data["followers_count"], user.meta["credits_charged"])
for tweet in perch.paginate.get_user_tweets("USERNAME", max_items=100):
    print(tweet["text"])`}
      />
      <p>
        <strong>TypeScript</strong> (runs on <C>fetch</C>: Node 20+, browsers, Deno; no dependencies). Methods are the operation ids, typed from the server&apos;s schemas:
      </p>
      <CodeBlock
        label="TypeScript"
        code={`import { Perch } from '@perch/client'; // npm install the tarball of packages/client: see its README

const perch = new Perch({ baseUrl: '${origin}' });
const { data: user, meta } = await perch.getUser('USERNAME');
for await (const tweet of perch.paginate.getUserTweets('USERNAME', {}, { maxItems: 100 })) console.log(tweet.text);`}
      />
      <p>
        <strong>Exports</strong>: both clients have <C>exports</C> for whole result sets run as jobs: create one, wait for it, download its file, or read its JSONL records while
        they are written (each exactly once). A failed or cancelled export raises a typed error.
      </p>
      <CodeBlock
        label="TypeScript"
        code={`const job = await perch.exports.create({ operation: 'getUserFollowers', params: { username: 'USERNAME' } });
for await (const follower of perch.exports.records(job.id)) console.log(follower); // as they are written
const file = await perch.exports.download(job.id); // fetch's Response: .text(), .body`}
      />
      <CodeBlock
        label="Python"
        code={`job = perch.exports.create("getUserFollowers", {"username": "USERNAME"}, format="csv")
perch.exports.wait_for(job["id"], on_progress=lambda now: print(now["items"]))
perch.exports.download_to(job["id"], "followers.csv")`}
      />
    </GuideSection>
  );
}
