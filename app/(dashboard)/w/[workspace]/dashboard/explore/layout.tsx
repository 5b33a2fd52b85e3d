import type { ReactNode } from 'react';
import { CreditMeterProvider } from '@/components/explorer/credit-meter';
import { ExploreNav } from '@/components/explorer/explore-nav';

// The layout outlives navigation between explorer pages, and with it the running credit total.
export default function ExploreLayout({ children }: { children: ReactNode }) {
  return (
    <CreditMeterProvider>
      <div className="mx-auto w-full max-w-3xl">
        <ExploreNav />
        {children}
      </div>
    </CreditMeterProvider>
  );
}
