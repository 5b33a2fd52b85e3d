import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button-styles';
import type { ExportableOperationId } from '@/lib/exports/exportable-operation-ids';
import { OPERATION_PARAM } from '@/lib/playground/url-state';

export type ExportLink = { label: string; operation: ExportableOperationId; params: Record<string, string> };

/** The Exports page with its form filled in for this operation and inputs (it shows the estimate at once). */
export function exportFormHref(operation: ExportableOperationId, params: Record<string, string>): string {
  return `/dashboard/exports?${new URLSearchParams({ [OPERATION_PARAM]: operation, ...params }).toString()}`;
}

/**
 * "Export followers" and the like on an explorer page: each opens the Exports page prefilled,
 * where the estimate is shown before anything is started or charged. The explorer is open to
 * the roles that may start exports (api.call and exports.manage are the same roles).
 */
export function ExportLinks({ links, label }: { links: ExportLink[]; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      {links.map((link) => (
        <Link key={link.operation} href={exportFormHref(link.operation, link.params)} className={buttonClasses('secondary', 'px-3 py-1 text-xs')}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
