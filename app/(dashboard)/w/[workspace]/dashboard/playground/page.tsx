import type { Metadata } from 'next';
import { Playground } from '@/components/playground/playground';
import { PageHeader } from '@/components/ui/page-header';
import { currentPriceBook, defaultPlatformName } from '@/lib/api/current-prices';
import { OPERATIONS } from '@/lib/api/registry';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { getSamples } from '@/lib/platform/local/get-samples';
import { describeOperation } from '@/lib/playground/describe-operation';
import { requestOrigin } from '@/lib/playground/request-origin';
import { toUrlSearchParams } from '@/lib/playground/search-params';
import { readPlaygroundSearch } from '@/lib/playground/url-state';

export const metadata: Metadata = { title: 'Playground' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PlaygroundPage({ searchParams }: Props) {
  const params = toUrlSearchParams(await searchParams);
  const { workspace } = await requireWorkspace('api.call');
  // Real usernames and ids of this deployment, so the first Send of any operation answers with data.
  const samples = await getSamples(5);
  // The playground's calls go to the default platform (no Perch-Platform header): each operation
  // is shown, and estimated, at what this workspace pays there, its own terms applied.
  const [book, platform] = [await currentPriceBook(), defaultPlatformName()];
  const operations = OPERATIONS.map((operation) => describeOperation(operation, samples, book.priceOf(operation, platform, workspace.id)));
  const state = readPlaygroundSearch(params, operations);
  return (
    <>
      <PageHeader
        title="Playground"
        description={`Run any of the ${operations.length} operations for real: the form is generated from the API's own schemas, and each call is charged like any other.`}
      />
      <Playground operations={operations} initialOperationId={state.operationId} initialValues={state.fromUrl ? state.values : null} serverOrigin={await requestOrigin()} />
    </>
  );
}
