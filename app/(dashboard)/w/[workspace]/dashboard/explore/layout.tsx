import type { ReactNode } from 'react';
import { CreditMeterProvider } from '@/components/explorer/credit-meter';
import { ExploreNav } from '@/components/explorer/explore-nav';
import { ExplorerPricesProvider } from '@/components/explorer/explorer-prices';
import { workspacePrices } from '@/lib/api/current-prices';
import { OPERATIONS } from '@/lib/api/registry';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { EXPLORER_OPERATIONS } from '@/lib/explorer/costs';

// What the explorer calls: its reads, and the writes of its buttons (like, follow, compose…).
const PRICED = OPERATIONS.filter((operation) => (EXPLORER_OPERATIONS as readonly string[]).includes(operation.id) || operation.scope === 'write');

// The layout outlives navigation between explorer pages, and with it the running credit total.
// Its prompts name what this workspace pays on the default platform its calls go to (no Perch-Platform).
export default async function ExploreLayout({ children }: { children: ReactNode }) {
  const { workspace } = await requireWorkspace('api.call');
  return (
    <ExplorerPricesProvider prices={await workspacePrices(workspace.id, PRICED)}>
      <CreditMeterProvider>
        <div className="mx-auto w-full max-w-3xl">
          <ExploreNav />
          {children}
        </div>
      </CreditMeterProvider>
    </ExplorerPricesProvider>
  );
}
