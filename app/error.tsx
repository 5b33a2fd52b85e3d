'use client';

import { PageError, type PageErrorProps } from '@/components/errors/page-error';

// Catches what a layout below the root throws (the dashboard's own layout reads the session).
export default function RootSegmentError(props: PageErrorProps) {
  return <PageError {...props} />;
}
