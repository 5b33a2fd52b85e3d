'use client';

import { PageError, type PageErrorProps } from '@/components/errors/page-error';

// A dashboard page that fails keeps the dashboard's shell around the explanation.
export default function DashboardError(props: PageErrorProps) {
  return <PageError {...props} />;
}
