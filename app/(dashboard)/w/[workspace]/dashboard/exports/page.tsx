import type { Metadata } from 'next';
import { ExportsPage } from '@/components/exports/exports-page';
import { PageHeader } from '@/components/ui/page-header';
import { currentPriceBook, defaultPlatformName } from '@/lib/api/current-prices';
import { exportableOperation } from '@/lib/api/exports/exportable-operations';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { exportFormOperation } from '@/lib/exports/export-form';
import { exportRecord } from '@/lib/exports/export-record';
import { listExports } from '@/lib/exports/export-store';
import { EXPORTABLE_OPERATIONS } from '@/lib/exports/exportable-operation-ids';
import { getSamples } from '@/lib/platform/local/get-samples';
import { describeOperation } from '@/lib/playground/describe-operation';
import { toUrlSearchParams } from '@/lib/playground/search-params';
import { readPlaygroundSearch } from '@/lib/playground/url-state';
import { can } from '@/lib/workspaces/roles';

export const metadata: Metadata = { title: 'Exports' };

// The list's first page; the page polls for changes after that.
const EXPORTS_SHOWN = 50;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ExportsRoute({ searchParams }: Props) {
  const { workspace, role } = await requireWorkspace('exports.view');
  const params = toUrlSearchParams(await searchParams);
  // Real usernames and ids of this deployment, as the playground offers them.
  const samples = await getSamples(5);
  // At this workspace's price on the default platform, which an export made here is charged.
  const [book, platform] = [await currentPriceBook(), defaultPlatformName()];
  const operations = EXPORTABLE_OPERATIONS.map((id) => exportableOperation(id))
    .filter((operation) => operation !== null)
    .map((operation) => exportFormOperation(describeOperation(operation, samples, book.priceOf(operation, platform, workspace.id))));
  // An explorer button's link (?op=getUserFollowers&username=…) opens the form filled in.
  const state = readPlaygroundSearch(params, operations);
  const rows = await listExports(workspace.id, { limit: EXPORTS_SHOWN });
  return (
    <>
      <PageHeader
        title="Exports"
        description="Every follower of an account, a whole timeline, every result of a search: an export pages through an operation to its end as a job, charged per record as it is written, and gives you one JSONL or CSV file."
      />
      <ExportsPage
        operations={operations}
        initialOperationId={state.operationId}
        initialValues={state.fromUrl ? state.values : null}
        initialExports={rows.map(exportRecord)}
        shown={EXPORTS_SHOWN}
        canManage={can(role, 'exports.manage')}
        workspaceSlug={workspace.slug}
      />
    </>
  );
}
