'use client';

import { useState } from 'react';
import { workspaceHeaders } from '@/components/dashboard/workspace-url';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import type { CreditPack } from '@/lib/billing/stripe-config';

function price(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** One button per credit pack; each starts a Stripe Checkout and goes to its page. */
export function BuyCredits({ packs, currency }: { packs: CreditPack[]; currency: string }) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function buy(pack: CreditPack) {
    setPending(pack.id);
    setError(null);
    try {
      const response = await fetch('/api/dashboard/billing/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...workspaceHeaders() },
        body: JSON.stringify({ pack: pack.id }),
      });
      const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !body.url) throw new Error(body.error ?? `the checkout could not start (HTTP ${response.status})`);
      window.location.assign(body.url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {packs.map((pack) => (
          <li key={pack.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
            <span className="text-lg font-semibold tabular-nums">{pack.credits.toLocaleString('en-US')} credits</span>
            <span className="text-sm text-slate-500 dark:text-slate-400">{price(pack.amount, currency)}</span>
            <Button onClick={() => void buy(pack)} disabled={pending !== null} aria-label={`Buy ${pack.credits.toLocaleString('en-US')} credits`}>
              {pending === pack.id ? 'Opening checkout…' : 'Buy'}
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500 dark:text-slate-400">Payments are handled by Stripe. Credits are added once Stripe confirms the payment, usually within seconds.</p>
      <FormAlert message={error} />
    </div>
  );
}
