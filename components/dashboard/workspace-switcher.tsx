'use client';

import { usePathname, useRouter } from 'next/navigation';
import { splitWorkspacePath, workspaceHref } from '@/lib/workspaces/workspace-path';

export type SwitcherWorkspace = { slug: string; name: string; personal: boolean; role: string };

/**
 * The header's workspace picker: the same section in the chosen workspace (a page of one
 * workspace's item, like one request, would not exist in another, so only the section is kept).
 */
export function WorkspaceSwitcher({ current, workspaces }: { current: string; workspaces: SwitcherWorkspace[] }) {
  const router = useRouter();
  const pathname = usePathname() ?? '/dashboard';
  const section = (splitWorkspacePath(pathname)?.rest ?? pathname).split('/').slice(0, 3).join('/') || '/dashboard';
  function go(value: string) {
    if (value === '__new') router.push(workspaceHref(current, '/dashboard/workspaces/new'));
    else router.push(workspaceHref(value, section.startsWith('/dashboard') ? section : '/dashboard'));
  }
  return (
    <label className="flex min-w-0 items-center gap-1.5 text-sm">
      <span className="sr-only">Workspace</span>
      <select
        value={current}
        onChange={(event) => go(event.target.value)}
        className="max-w-[14rem] truncate rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium dark:border-slate-700 dark:bg-slate-900"
        data-testid="workspace-switcher"
      >
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name} · {w.role}
          </option>
        ))}
        <option value="__new">+ New workspace…</option>
      </select>
    </label>
  );
}
