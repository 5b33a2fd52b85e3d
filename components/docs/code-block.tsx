import { CopyButton } from '@/components/playground/copy-button';

/** A labelled, copyable block of code or shell, scrollable sideways on a phone. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="flex min-w-0 flex-col overflow-hidden rounded-lg bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5 text-xs text-slate-300">
        {label}
        <CopyButton text={code} onDark />
      </figcaption>
      <pre tabIndex={0} aria-label={label} className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
