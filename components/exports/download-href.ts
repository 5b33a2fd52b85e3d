import { workspaceApiHref } from '@/lib/workspaces/workspace-path';

/**
 * The link that downloads an export's file: the dashboard's download route
 * (app/api/dashboard/exports/[exportId]/download), with the workspace as `?workspace=`, since a
 * plain link sends neither the session mount's header nor the workspace's.
 */
export function downloadHref(workspaceSlug: string, id: string): string {
  return workspaceApiHref(workspaceSlug, `/api/dashboard/exports/${encodeURIComponent(id)}/download`);
}
