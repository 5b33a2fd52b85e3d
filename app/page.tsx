import Link from 'next/link';

const features = [
  { title: 'Search and profiles', text: 'Full-text tweet search with operators, user search, profiles, timelines, mentions and media.' },
  { title: 'Graphs and threads', text: 'Followers, following, verified followers, likers, retweeters, conversations and quotes, paged by cursor.' },
  { title: 'Lists, communities, trends', text: 'List and community timelines and members, and trends for 64 countries over a sliding window.' },
  { title: 'Writes', text: 'Tweet, reply, quote, like, retweet and follow through a connected platform account.' },
];

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-12 px-6 py-16">
      <header className="flex flex-col gap-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Perch</p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Real-time social data, one credit-metered API.</h1>
        <p className="max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Perch serves tweet and user search, profiles, timelines, follower graphs, lists, communities and trends through
          <code className="mx-1 rounded bg-slate-100 px-1.5 py-0.5 text-base dark:bg-slate-800">/v2</code>
          with a <code className="rounded bg-slate-100 px-1.5 py-0.5 text-base dark:bg-slate-800">perch_</code> key. Every call
          costs credits you can see, cap and chart.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link href="/v2/openapi.json" className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900">
            OpenAPI document
          </Link>
        </div>
      </header>
      <section aria-labelledby="features" className="grid gap-6 sm:grid-cols-2">
        <h2 id="features" className="sr-only">What Perch serves</h2>
        {features.map((feature) => (
          <article key={feature.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
            <h3 className="font-semibold">{feature.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
