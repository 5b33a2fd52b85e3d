import type { Metadata } from 'next';
import { RequestDetailCard } from '@/components/requests/request-detail';
import { RequestFilters } from '@/components/requests/request-filters';
import { RequestTable } from '@/components/requests/request-table';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { listKeys } from '@/lib/dashboard/list-keys';
import { getRequest, listRequests, parseRequestLogFilters, RequestLogFilterError, type RequestLogPage } from '@/lib/dashboard/request-log';
import { requestLogDays } from '@/lib/metering/prune-request-log';
import { toSearchParams, type PageSearchParams } from '@/lib/dashboard/page-search-params';

export const metadata: Metadata = { title: 'Requests' };

type Props = { searchParams: Promise<PageSearchParams> };

export default async function RequestsPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const { workspace } = await requireWorkspace('usage.view');
  const keys = await listKeys(workspace.id);
  const operations = ROUTED_OPERATIONS.map((o) => o.id).sort();
  const requestId = params.get('request_id')?.trim() || null;

  let error: string | null = null;
  let page: RequestLogPage = { requests: [], next: null };
  try {
    page = await listRequests(workspace.id, parseRequestLogFilters(params));
  } catch (caught) {
    if (!(caught instanceof RequestLogFilterError)) throw caught;
    error = caught.message;
  }
  const detail = requestId ? await getRequest(workspace.id, requestId) : null;
  const nextParams = new URLSearchParams(params);
  nextParams.delete('request_id');
  if (page.next) nextParams.set('cursor', page.next);
  const firstParams = new URLSearchParams(params);
  firstParams.delete('cursor');
  firstParams.delete('request_id');

  return (
    <>
      <PageHeader title="Requests" description={`Every /v2 call of your account over the last ${requestLogDays()} days, newest first (UTC). Refusals are listed too; calls appear within a second.`} />
      <div className="flex flex-col gap-6">
        <RequestFilters params={params} keys={keys.map((k) => ({ id: k.id, name: k.name }))} operations={operations} />
        {error ? <FormAlert message={error} /> : null}
        {requestId ? (
          detail ? (
            <RequestDetailCard request={detail} />
          ) : (
            <FormAlert message={`No call of this account has the request id ${requestId}. Calls are kept for ${requestLogDays()} days and appear within a second.`} />
          )
        ) : null}
        <Card title="Calls">
          <RequestTable requests={page.requests} linkParams={firstParams} />
          <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
            {params.has('cursor') ? (
              <a className="text-brand-700 underline dark:text-brand-400" href={`/dashboard/requests?${firstParams}`}>
                Newest
              </a>
            ) : null}
            {page.next ? (
              <a className="text-brand-700 underline dark:text-brand-400" href={`/dashboard/requests?${nextParams}`}>
                Older calls
              </a>
            ) : null}
          </nav>
        </Card>
      </div>
    </>
  );
}
