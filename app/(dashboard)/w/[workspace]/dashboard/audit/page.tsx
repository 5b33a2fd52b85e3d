import type { Metadata } from 'next';
import { AuditFilters, auditExportParams } from '@/components/audit/audit-filters';
import { AuditLog } from '@/components/audit/audit-log';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { AuditFilterError, listAuditEvents, parseAuditFilters, type AuditPage } from '@/lib/audit/list-audit-events';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { workspaceApiHref, workspaceHref } from '@/lib/workspaces/workspace-path';
import { toSearchParams, type PageSearchParams } from '@/lib/dashboard/page-search-params';

export const metadata: Metadata = { title: 'Audit log' };

type Props = { searchParams: Promise<PageSearchParams> };

export default async function AuditPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const { workspace } = await requireWorkspace('audit.view');
  // The first page always starts at the newest line: "Load more" pages on from there.
  params.delete('cursor');
  const filterParams = auditExportParams(params);

  let error: string | null = null;
  let page: AuditPage = { events: [], next: null };
  try {
    page = await listAuditEvents(workspace.id, parseAuditFilters(filterParams));
  } catch (caught) {
    if (!(caught instanceof AuditFilterError)) throw caught;
    error = caught.message;
  }

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what in this workspace, when and from where: sign-ins, keys, rules, webhook endpoints, members, connections, billing and credit grants. Newest first (UTC); kept for good."
      />
      <div className="flex flex-col gap-6">
        <AuditFilters params={params} pageHref={workspaceHref(workspace.slug, '/dashboard/audit')} exportHref={workspaceApiHref(workspace.slug, '/api/dashboard/audit/export')} />
        {error ? <FormAlert message={error} /> : null}
        <Card title="Events">
          {/* Keyed by the filters: a new filter starts a new list rather than appending to the old one. */}
          <AuditLog key={filterParams.toString()} initial={page} query={filterParams.toString()} />
        </Card>
      </div>
    </>
  );
}
