import { cancelExport, insertExport } from '@/lib/exports/export-store';

/**
 * A finished (cancelled, never run) export of `workspaceId`, for a role-matrix case that may
 * download or delete it: cancelled at once, so no export runner of the server under test takes it.
 */
export async function freshExport(workspaceId: string): Promise<string> {
  const row = await insertExport({
    userId: workspaceId,
    keyId: null,
    createdBy: null,
    operation: 'getUserFollowers',
    platform: 'local',
    params: { path: { username: 'matrix-export' }, values: {} },
    format: 'jsonl',
    maxItems: null,
    maxCredits: null,
    unitPrice: 1,
    estimate: null,
  });
  await cancelExport(workspaceId, row.id);
  return row.id;
}
