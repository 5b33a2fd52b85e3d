import Link from 'next/link';
import { MethodBadge } from '@/components/playground/method-badge';
import type { DocOperation } from '@/lib/docs/docs-model';
import { priceText } from '@/lib/playground/price-text';
import { FieldsList } from './fields-list';
import { InlineCodeText } from './inline-code-text';
import { InputsList } from './inputs-list';
import { TypeText } from './type-text';

/** The list price on the default platform, then the other platforms whose price differs. */
function costText(op: DocOperation, platform: string): string {
  const own = priceText(op.credits);
  const others = Object.entries(op.credits.platforms ?? {})
    .filter(([name]) => name !== platform)
    .map(([name, price]) => [name, priceText({ ...op.credits, ...price })] as const)
    .filter(([, text]) => text !== own)
    .map(([name, text]) => `${name}: ${text}`);
  return others.length === 0 ? own : `${own} (${others.join('; ')})`;
}

/** One operation of the reference: address, purpose, cost, inputs, response and errors. */
export function OperationSection({ op, platform }: { op: DocOperation; platform: string }) {
  const params = op.inputs.filter((i) => i.location !== 'body');
  const body = op.inputs.filter((i) => i.location === 'body');
  return (
    <article id={`op-${op.id}`} aria-labelledby={`op-${op.id}-title`} className="flex min-w-0 scroll-mt-6 flex-col gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <MethodBadge method={op.method} />
        <code className="min-w-0 break-all font-mono text-sm">{op.path}</code>
      </div>
      <h3 id={`op-${op.id}-title`} className="text-lg font-semibold">
        <a href={`#op-${op.id}`} className="font-mono hover:underline">
          {op.id}
        </a>
      </h3>
      <p className="text-sm">{op.summary}.</p>
      {op.description.map((paragraph, i) => (
        <p key={i} className="text-sm text-slate-600 dark:text-slate-400">
          <InlineCodeText text={paragraph} />
        </p>
      ))}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span>
          Cost: <strong className="font-medium text-slate-900 dark:text-slate-100">{costText(op, platform)}</strong>
        </span>
        <span>
          Scope: <strong className="font-medium text-slate-900 dark:text-slate-100">{op.scope}</strong>
        </span>
        <Link href={`/dashboard/playground?op=${op.id}`} className="text-brand-700 underline hover:no-underline dark:text-brand-500">
          Try it in the playground
        </Link>
      </p>
      {params.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <InputsList inputs={params} label={`${op.id} parameters`} />
        </div>
      )}
      {body.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <h4 className="text-sm font-semibold">JSON body</h4>
          <InputsList inputs={body} label={`${op.id} body fields`} />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <h4 className="text-sm font-semibold">Response</h4>
        <p className="text-sm">
          <code className="font-mono text-xs">data</code>: <code className="font-mono text-xs"><TypeText type={op.data.type} records={op.data.records} /></code>
          {op.metaExtra.length > 0 && (
            <>
              {' '}
              · <code className="font-mono text-xs">meta</code> adds{' '}
              {op.metaExtra.map((f) => (
                <code key={f.name} className="font-mono text-xs">
                  {f.name}: {f.type}
                </code>
              ))}
            </>
          )}
        </p>
        {op.data.fields.length > 0 && <FieldsList fields={op.data.fields} label={`${op.id} response fields`} />}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">Errors ({op.errors.length})</summary>
        <dl className="mt-2 flex flex-col gap-1 text-xs">
          {op.errors.map((e) => (
            <div key={e.status} className="flex gap-2">
              <dt className="w-8 shrink-0 font-mono font-semibold">{e.status}</dt>
              <dd className="text-slate-600 dark:text-slate-400">{e.description}</dd>
            </div>
          ))}
        </dl>
      </details>
    </article>
  );
}
