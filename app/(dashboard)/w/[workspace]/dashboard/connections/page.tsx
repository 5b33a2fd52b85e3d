import type { Metadata } from 'next';
import { BlueskyAccountCard } from '@/components/connections/bluesky-account-card';
import { ConnectionCard } from '@/components/connections/connection-card';
import { ConnectionFlash } from '@/components/connections/connection-flash';
import { PlatformsCard } from '@/components/connections/platforms-card';
import { XConnectionCard } from '@/components/connections/x-connection-card';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ExplorerPricesProvider } from '@/components/explorer/explorer-prices';
import { ComposeBox } from '@/components/writes/compose-box';
import { writeCostLabel } from '@/components/writes/write-cost';
import { workspacePrices } from '@/lib/api/current-prices';
import { OPERATIONS } from '@/lib/api/registry';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { can } from '@/lib/workspaces/roles';
import { getBlueskySummary } from '@/lib/connections/bluesky-connection';
import { getConnectionSummary } from '@/lib/connections/get-connection-summary';
import { readPlatformConfig } from '@/lib/platform/platform-config';

const WRITE_OPERATIONS = OPERATIONS.filter((operation) => operation.scope === 'write');

export const metadata: Metadata = { title: 'Connections' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export default async function ConnectionsPage({ searchParams }: Props) {
  const { workspace, role } = await requireWorkspace('connections.view');
  const platforms = readPlatformConfig();
  const servesBluesky = platforms.platforms.includes('bluesky');
  const [connection, query, bluesky] = await Promise.all([getConnectionSummary(workspace.id), searchParams, servesBluesky ? getBlueskySummary(workspace.id) : null]);
  // What each write costs this workspace (the price book), for the compose box and its words.
  const writes = await workspacePrices(workspace.id, WRITE_OPERATIONS);
  const connected = connection.kind === 'active' || connection.kind === 'operator';
  return (
    <>
      <PageHeader title="Connections" description="The platform account that writes act as: through the API with a write-scoped key, and from this dashboard." />
      <div className="flex flex-col gap-6">
        {!can(role, 'connections.manage') && (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="connections-read-only">
            Owners and admins of the workspace connect and disconnect accounts: the buttons below answer 403 for your role.
          </p>
        )}
        <ConnectionFlash
          flash={{ connected: one(query.connected), disconnected: one(query.disconnected), error: one(query.error), reason: one(query.reason) }}
          username={connected ? connection.username : null}
        />
        {platforms.platforms.includes('local') && (
          <Card title={servesBluesky ? 'Embedded platform account' : 'Platform account'}>
            <ConnectionCard connection={connection} />
          </Card>
        )}
        {servesBluesky && (
          <BlueskyAccountCard connection={bluesky} oauth={Boolean(platforms.bluesky?.oauth)} flash={{ connected: one(query.bluesky), error: one(query.bluesky_error) }} />
        )}
        {platforms.platforms.length > 1 || platforms.defaultPlatform !== 'local' ? (
          <PlatformsCard platforms={platforms.platforms} defaultPlatform={platforms.defaultPlatform} />
        ) : null}
        {platforms.x && <XConnectionCard userId={workspace.id} outcome={one(query.x)} canConnect={Boolean(platforms.x.oauth)} />}
        {connected && can(role, 'api.call') && (
          <Card title="Compose">
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
              Post a tweet, a reply or a quote as @{connection.username}. Each post costs {writeCostLabel(Math.max(writes.createTweet.credits, writes.createTweet.minimum))}, charged to your balance like an API call.
            </p>
            <ExplorerPricesProvider prices={writes}>
              <ComposeBox handle={connection.username} />
            </ExplorerPricesProvider>
          </Card>
        )}
      </div>
    </>
  );
}
