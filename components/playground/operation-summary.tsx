import Link from 'next/link';
import { InlineCodeText } from '@/components/docs/inline-code-text';
import { priceText } from '@/lib/playground/price-text';
import type { OperationView } from '@/lib/playground/types';
import { MethodBadge } from './method-badge';

/** The workspace's price for the operation (its own terms applied), as the server charges it. */
function costLine(operation: OperationView): string {
  return priceText(operation.cost);
}

// Long descriptions (the trend countries) fold after their first sentence, keeping the form in view on a phone.
const LONG = 240;

function Description({ text }: { text: string }) {
  const cut = text.indexOf('. ') + 1;
  if (text.length <= LONG || cut <= 0 || cut > LONG) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <InlineCodeText text={text} />
      </p>
    );
  }
  return (
    <details className="text-sm text-slate-600 dark:text-slate-400">
      <summary className="cursor-pointer">
        <InlineCodeText text={text.slice(0, cut)} /> <span className="text-brand-700 underline dark:text-brand-500">More</span>
      </summary>
      <p className="mt-1">
        <InlineCodeText text={text.slice(cut).trim()} />
      </p>
    </details>
  );
}

/** The chosen operation: method and path, what it does, what it costs, which scope it needs. */
export function OperationSummary({ operation }: { operation: OperationView }) {
  return (
    <header className="flex min-w-0 flex-col gap-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <MethodBadge method={operation.method} />
        <code className="min-w-0 break-all font-mono text-sm">{operation.path}</code>
      </div>
      <h2 className="text-lg font-semibold">
        <span className="font-mono">{operation.id}</span>
        <span className="font-normal text-slate-600 dark:text-slate-400"> · {operation.summary}</span>
      </h2>
      {operation.description && <Description text={operation.description} />}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span>
          Cost: <strong className="font-medium text-slate-900 dark:text-slate-100">{costLine(operation)}</strong>
        </span>
        <span>
          Scope: <strong className="font-medium text-slate-900 dark:text-slate-100">{operation.scope}</strong>
        </span>
        {operation.maxCount !== undefined && <span>Paged: count up to {operation.maxCount.toLocaleString('en-US')}, cursor from meta.next_cursor</span>}
        <Link href={`/docs#op-${operation.id}`} className="text-brand-700 underline hover:no-underline dark:text-brand-500">
          Reference
        </Link>
      </p>
    </header>
  );
}
