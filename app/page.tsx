import Link from 'next/link';
import { redirect } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button-styles';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { formatNumber } from '@/lib/dashboard/format';
import { signupCredits } from '@/lib/auth/signup-credits';

const features = [
  { title: 'Search and profiles', text: 'Full-text tweet search with operators, user search, profiles, timelines, mentions and media.' },
  { title: 'Graphs and threads', text: 'Followers, following, verified followers, likers, retweeters, conversations and quotes, paged by cursor.' },
  { title: 'Lists, communities, trends', text: 'List and community timelines and members, and trends for 64 countries over a sliding window.' },
  { title: 'Writes', text: 'Tweet, reply, quote, like, retweet and follow through a connected platform account.' },
];

const costs = [
  ['Tweet returned', '15'],
  ['Profile returned', '18'],
  ['Follower, member or id returned', '1'],
  ['Interaction check', '50'],
  ['Write or trends call', '100'],
  ['GET /v2/account', 'free'],
];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  if (await getCurrentUser()) redirect('/dashboard');
  // Deleting an account signs out to /?deleted=1: say it happened rather than land silently.
  const deleted = (await searchParams).deleted === '1';
  return (
    <div className="bg-white dark:bg-slate-950">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-6 py-5">
        <span className="text-lg font-bold tracking-tight">
          <span aria-hidden="true" className="text-brand-600">
            ◆{' '}
          </span>
          Perch
        </span>
        <nav aria-label="Account" className="flex items-center gap-2">
          <Link href="/docs" className={buttonClasses('ghost')}>
            Docs
          </Link>
          <Link href="/signin" className={buttonClasses('ghost')}>
            Sign in
          </Link>
          <Link href="/signup" className={buttonClasses('primary')}>
            Sign up
          </Link>
        </nav>
      </header>
      <main id="main" className="mx-auto flex max-w-5xl flex-col gap-14 px-6 pb-20 pt-8 sm:pt-16">
        {deleted && (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            Your account was deleted: its API keys are revoked, its platform connections removed and every browser signed out. Your email address is free for a new sign-up.
          </p>
        )}
        <section className="flex flex-col gap-5">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Real-time social data, one credit-metered API.</h1>
          <p className="max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Perch serves tweet and user search, profiles, timelines, follower graphs, lists, communities and trends through
            <code className="mx-1 rounded bg-slate-100 px-1.5 py-0.5 text-base dark:bg-slate-800">/v2</code>
            with a <code className="rounded bg-slate-100 px-1.5 py-0.5 text-base dark:bg-slate-800">perch_</code> key. Every call costs credits you can see, cap
            and chart.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/signup" className={buttonClasses('primary', 'px-5 py-2.5 text-base')}>
              Create an account
            </Link>
            <Link href="/docs" className={buttonClasses('secondary', 'px-5 py-2.5 text-base')}>
              Docs and guides
            </Link>
            <Link href="/v2/openapi.json" className={buttonClasses('ghost', 'px-5 py-2.5 text-base')}>
              API reference (OpenAPI)
            </Link>
          </div>
          <p className="text-sm text-slate-500 dark:text-slate-400">New accounts start with {formatNumber(signupCredits())} free credits.</p>
        </section>

        <section aria-labelledby="example" className="flex flex-col gap-3">
          <h2 id="example" className="text-xl font-semibold">
            One request
          </h2>
          <pre tabIndex={0} aria-label="Example request" className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
            <code>{`curl -H "Authorization: Bearer perch_…" \\
  "$PERCH_URL/v2/users/jack/tweets?count=20"`}</code>
          </pre>
        </section>

        <section aria-labelledby="features" className="flex flex-col gap-4">
          <h2 id="features" className="text-xl font-semibold">
            What Perch serves
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {features.map((feature) => (
              <article key={feature.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="costs" className="flex flex-col gap-4">
          <h2 id="costs" className="text-xl font-semibold">
            What calls cost
          </h2>
          <table className="w-full max-w-lg text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="border-b border-slate-200 py-2 font-medium dark:border-slate-800">
                  Unit
                </th>
                <th scope="col" className="border-b border-slate-200 py-2 text-right font-medium dark:border-slate-800">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {costs.map(([unit, credits]) => (
                <tr key={unit}>
                  <td className="border-b border-slate-100 py-2 dark:border-slate-800/60">{unit}</td>
                  <td className="border-b border-slate-100 py-2 text-right tabular-nums dark:border-slate-800/60">{credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-slate-500 dark:text-slate-400">Errors never cost credits. An empty page costs nothing.</p>
        </section>
      </main>
    </div>
  );
}
