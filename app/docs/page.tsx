import type { Metadata } from 'next';
import { DocsNav } from '@/components/docs/docs-nav';
import { C } from '@/components/docs/guide-section';
import { InlineCodeText } from '@/components/docs/inline-code-text';
import { ClientsGuide } from '@/components/docs/guides/clients-guide';
import { AuthenticationGuide } from '@/components/docs/guides/authentication-guide';
import { CreditsGuide } from '@/components/docs/guides/credits-guide';
import { ErrorsGuide } from '@/components/docs/guides/errors-guide';
import { FirstCallGuide } from '@/components/docs/guides/first-call-guide';
import { McpGuide } from '@/components/docs/guides/mcp-guide';
import { PaginationGuide } from '@/components/docs/guides/pagination-guide';
import { RateLimitsGuide } from '@/components/docs/guides/rate-limits-guide';
import { OperationSection } from '@/components/docs/operation-section';
import { RecordsSection } from '@/components/docs/records-section';
import { configuredPublicOrigin } from '@/lib/dashboard/mcp-client-config';
import { getDocsModel } from '@/lib/docs/get-docs-model';
import { requestOrigin } from '@/lib/playground/request-origin';

export const metadata: Metadata = { title: 'API reference', description: 'The Perch /v2 API: guides and every operation, generated from its OpenAPI document.' };

export default async function DocsPage() {
  const model = await getDocsModel();
  const origin = await requestOrigin();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:py-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="min-w-0">
        <DocsNav model={model} />
      </aside>
      <main id="main" className="flex min-w-0 flex-col gap-10">
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{model.title} reference</h1>
          <p className="text-slate-600 dark:text-slate-300">
            <InlineCodeText text={model.description} />
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {model.operationCount} operations, generated from the same schemas the server validates with. The machine-readable form is{' '}
            <a href="/v2/openapi.json" className="text-brand-700 underline dark:text-brand-500">
              /v2/openapi.json
            </a>{' '}
            (OpenAPI 3.1, no key needed). Base URL: <C>{origin}</C>.
          </p>
        </header>
        <FirstCallGuide origin={origin} model={model} />
        <AuthenticationGuide origin={origin} />
        <CreditsGuide model={model} />
        <PaginationGuide origin={origin} />
        <ErrorsGuide />
        <RateLimitsGuide />
        <ClientsGuide origin={origin} />
        <McpGuide origin={configuredPublicOrigin() ?? origin} />
        {model.tags.map((tag) => (
          <section key={tag.name} id={`tag-${tag.name.replace(/\s+/g, '-')}`} aria-labelledby={`tag-${tag.name.replace(/\s+/g, '-')}-title`} className="flex min-w-0 scroll-mt-6 flex-col gap-6">
            <h2 id={`tag-${tag.name.replace(/\s+/g, '-')}-title`} className="text-2xl font-bold">
              {tag.name}
            </h2>
            {tag.operations.map((op) => (
              <OperationSection key={op.id} op={op} platform={model.platform} />
            ))}
          </section>
        ))}
        <RecordsSection records={model.records} />
      </main>
    </div>
  );
}
