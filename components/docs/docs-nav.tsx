import { MethodBadge } from '@/components/playground/method-badge';
import type { DocsModel } from '@/lib/docs/docs-model';

export const GUIDES = [
  { id: 'first-call', title: 'Your first call' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'credits', title: 'Credits' },
  { id: 'pagination', title: 'Pagination' },
  { id: 'errors', title: 'Errors' },
  { id: 'rate-limits', title: 'Rate limits' },
  { id: 'clients', title: 'Client libraries' },
  { id: 'mcp', title: 'AI agents (MCP)' },
];

const LINK = 'block truncate rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-800';

function Contents({ model }: { model: DocsModel }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Guides</h2>
        <ul>
          {GUIDES.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className={LINK}>
                {g.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {model.tags.map((tag) => (
        <div key={tag.name}>
          <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            <a href={`#tag-${tag.name.replace(/\s+/g, '-')}`} className="hover:underline">
              {tag.name}
            </a>
          </h2>
          <ul>
            {tag.operations.map((op) => (
              <li key={op.id}>
                <a href={`#op-${op.id}`} className={`${LINK} flex items-center gap-2`}>
                  <MethodBadge method={op.method} className="w-14 text-center" />
                  <span className="min-w-0 truncate font-mono text-xs">{op.id}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <a href="#records" className={`${LINK} text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400`}>
          Records
        </a>
      </div>
    </div>
  );
}

/** The reference's table of contents: a sticky sidebar on wide screens, a disclosure on phones. */
export function DocsNav({ model }: { model: DocsModel }) {
  return (
    <>
      <details className="rounded-lg border border-slate-200 p-2 lg:hidden dark:border-slate-800">
        <summary className="cursor-pointer px-2 py-1 text-sm font-medium">Contents: guides and {model.operationCount} operations</summary>
        <nav aria-label="Contents (compact)" className="mt-2 max-h-[60vh] overflow-y-auto">
          <Contents model={model} />
        </nav>
      </details>
      <nav aria-label="Contents" className="sticky top-4 hidden max-h-[calc(100vh-2rem)] overflow-y-auto pb-6 lg:block">
        <Contents model={model} />
      </nav>
    </>
  );
}
