import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TrendsView } from '@/components/explorer/trends-view';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { COUNTRIES, WORLDWIDE } from '@/lib/platform/countries';

export const metadata: Metadata = { title: 'Trends' };

// Names and codes only: the client needs nothing else of the trend places.
const PLACES = [WORLDWIDE, ...COUNTRIES].map(({ name, code }) => ({ name, code }));

export default async function TrendsPage() {
  await requireWorkspace('api.call');
  return (
    <Suspense>
      <TrendsView places={PLACES} />
    </Suspense>
  );
}
