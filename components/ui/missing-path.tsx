'use client';

import { usePathname } from 'next/navigation';

/** The address that led nowhere, so a 404 page can name it. */
export function MissingPath() {
  const pathname = usePathname();
  return <code className="break-all font-mono text-sm">{pathname}</code>;
}
