import type { DocInput } from '@/lib/docs/docs-model';
import { InlineCodeText } from './inline-code-text';

const WHERE = { path: 'path', query: 'query', body: 'body' } as const;

/** An operation's parameters or body fields: name, where it goes, type, required or default, rules. */
export function InputsList({ inputs, label }: { inputs: DocInput[]; label: string }) {
  return (
    <dl aria-label={label} className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {inputs.map((input) => (
        <div key={`${input.location}-${input.name}`} className="flex min-w-0 flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
          <dt className="flex shrink-0 flex-col sm:w-44">
            <span className="font-mono text-xs font-medium">
              {input.name}
              {input.required && (
                <span className="text-red-600 dark:text-red-400" title="required">
                  {' '}
                  *<span className="sr-only"> (required)</span>
                </span>
              )}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{WHERE[input.location]}</span>
          </dt>
          <dd className="min-w-0 break-words text-xs">
            <span className="font-mono text-slate-700 dark:text-slate-300">{input.type}</span>
            {input.defaultValue !== undefined && <span className="text-slate-500 dark:text-slate-400"> · default {JSON.stringify(input.defaultValue)}</span>}
            {input.description && (
              <span className="block text-slate-600 dark:text-slate-400">
                <InlineCodeText text={input.description} />
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
