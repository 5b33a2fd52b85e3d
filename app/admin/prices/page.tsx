import type { Metadata } from 'next';
import Link from 'next/link';
import { CreditValueForm, UpstreamCostForm } from '@/components/admin/price-cost-forms';
import { PriceChangeForm } from '@/components/admin/price-change-form';
import { PriceHistory } from '@/components/admin/price-history';
import { PriceOverrideForm } from '@/components/admin/price-override-form';
import { PriceOverridesTable } from '@/components/admin/price-overrides-table';
import { PriceTable } from '@/components/admin/price-table';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listPriceOverrides } from '@/lib/admin/list-price-overrides';
import { listPrices } from '@/lib/admin/list-prices';
import { listWorkspaces } from '@/lib/admin/list-workspaces';
import { formatMoney } from '@/lib/admin/money';
import { listPriceHistory } from '@/lib/admin/price-history';
import { describeUnit, isPlatform, PRICE_PLATFORMS, PRICED_OPERATIONS } from '@/lib/admin/priced-operations';
import { requireAdmin } from '@/lib/auth/require-user';
import { formatDateTime } from '@/lib/dashboard/format';
import { toSearchParams, type PageSearchParams } from '@/lib/dashboard/page-search-params';
import { setCreditValueAction, setOverrideAction, setPriceAction, setUpstreamCostAction } from './actions';

export const metadata: Metadata = { title: 'Prices' };

type Props = { searchParams: Promise<PageSearchParams> };

const LINK = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-400';
const HELP = 'text-sm text-slate-600 dark:text-slate-400';

const CHOICES = { platforms: PRICE_PLATFORMS, operations: PRICED_OPERATIONS.map((operation) => ({ id: operation.id, unit: describeUnit(operation) })) };

/** The price list's filter links: all platforms, one, and the prices below cost only. */
function Filters({ platform, belowCost }: { platform: string | null; belowCost: boolean }) {
  const href = (p: string | null, below: boolean) => {
    const params = new URLSearchParams();
    if (p) params.set('platform', p);
    if (below) params.set('below', '1');
    const query = params.toString();
    return query ? `/admin/prices?${query}` : '/admin/prices';
  };
  const item = (label: string, target: string, current: boolean) => (
    <Link key={label} href={target} aria-current={current ? 'page' : undefined} className={current ? 'font-semibold' : LINK}>
      {label}
    </Link>
  );
  return (
    <nav aria-label="Filter the price list" className="mb-3 flex flex-wrap gap-3 text-sm">
      {item('All platforms', href(null, belowCost), platform === null)}
      {PRICE_PLATFORMS.map((p) => item(p, href(p, belowCost), platform === p))}
      <span aria-hidden="true">·</span>
      {belowCost ? item('Show every price', href(platform, false), false) : item('Below cost only', href(platform, true), false)}
    </nav>
  );
}

export default async function PricesPage({ searchParams }: Props) {
  await requireAdmin();
  const params = toSearchParams(await searchParams);
  const asked = params.get('platform');
  const platform = asked && isPlatform(asked) ? asked : null;
  const belowOnly = params.get('below') === '1';
  const [list, history, overrides, workspaces] = await Promise.all([listPrices({ platform: platform ?? undefined }), listPriceHistory(), listPriceOverrides(), listWorkspaces()]);
  const flagged = list.listings.filter((l) => l.check.status === 'below-cost');
  const listings = belowOnly ? flagged : list.listings;
  const value = list.creditValue;
  const currency = value?.currency ?? null;
  return (
    <>
      <PageHeader
        title="Prices"
        description="What each operation costs on each platform, what serving it costs upstream, and workspaces' own terms. Changes reach every instance within a second."
        actions={
          <div className="flex gap-4 text-sm font-medium">
            <Link href="/admin/margin" className={LINK}>
              Margin
            </Link>
            <Link href="/admin" className={LINK}>
              Admin
            </Link>
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        <Card title="Credit value">
          <p className={`${HELP} mb-4`}>
            {value ? (
              <>
                One credit is worth <strong data-testid="credit-value">{formatMoney(value.microsPerCredit, value.currency)}</strong>, since {formatDateTime(value.since)}.
              </>
            ) : (
              'No credit value is set: prices cannot be compared with upstream costs, and margins are not counted in money.'
            )}
            {list.scheduledCreditValues.map((s) => (
              <span key={s.from}> From {formatDateTime(s.from)}: {formatMoney(s.microsPerCredit, s.currency)}.</span>
            ))}
          </p>
          <CreditValueForm action={setCreditValueAction} />
        </Card>

        <Card title="Change a price">
          <p className={`${HELP} mb-4`}>
            A change is a new row in the price list&apos;s history: calls made before it stay priced as they were. With a date it is scheduled and takes effect at
            midnight UTC that day.
          </p>
          <PriceChangeForm action={setPriceAction} choices={CHOICES} />
        </Card>

        <Card title="Upstream cost">
          <p className={`${HELP} mb-4`}>
            What serving an operation costs you upstream{currency ? ` in ${currency}` : ''}: per request made, and per item the platform returned (X prices reads per
            post and per user). Stored in millionths; answers from Perch&apos;s cache cost nothing.
          </p>
          <UpstreamCostForm action={setUpstreamCostAction} choices={CHOICES} currency={currency} />
        </Card>

        <Card title={`Price list (${flagged.length} below cost)`}>
          <div className={`${HELP} mb-3 flex flex-col gap-1`}>
            <p>
              Each priced operation on each platform: credits per item (or per call), the least a successful call is charged, and where the price comes from:{' '}
              <em>seed</em> (the built-in price, for operations never changed) or <em>list</em> (changed here, since the date shown). Free operations stay free and
              are not listed. A workspace&apos;s override applies on top (below).
            </p>
            <p>
              <strong>Below cost</strong> flags a price whose calls lose money upstream, with one credit worth the credit value: a per-item price when one item sells
              for less than its per-item cost, or when a call answering one item (charged at least its minimum) sells for less than one request plus one item. If
              neither holds, no call making one upstream request and answering at least one item loses money. A per-call price is flagged when it sells for less
              than one request plus one item. An empty answer is charged only its minimum: where the per-request cost is not covered by it, that is noted too.
              Cached answers cost nothing upstream.
            </p>
          </div>
          <Filters platform={platform} belowCost={belowOnly} />
          {listings.length === 0 ? <p className={HELP}>No price sells below its upstream cost.</p> : <PriceTable listings={listings} creditValue={value} changed={new Set(history.keys())} />}
        </Card>

        <Card title="Workspace overrides">
          <p className={`${HELP} mb-4`}>
            A workspace&apos;s own terms for one operation or all, on one platform or all: a discount off the list price (rounded to whole credits per unit, the
            minimum discounted too) or a price of its own (which drops the minimum). The most specific override in force applies: operation and platform, then
            operation, then platform, then all. Withdrawing one returns the workspace to the list price.
          </p>
          <div className="flex flex-col gap-6">
            <PriceOverridesTable overrides={overrides} withdraw={setOverrideAction} />
            <PriceOverrideForm action={setOverrideAction} choices={CHOICES} workspaces={workspaces.map((w) => w.slug)} />
          </div>
        </Card>

        <Card title="History">
          <PriceHistory history={history} currency={currency ?? ''} />
        </Card>
      </div>
    </>
  );
}
