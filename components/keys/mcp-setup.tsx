'use client';

import { useState, useSyncExternalStore } from 'react';
import { CodeBlock } from '@/components/docs/code-block';
import { Card } from '@/components/ui/card';
import type { CreatedKey } from '@/lib/dashboard/create-key';
import { formatNumber } from '@/lib/dashboard/format';
import { KEY_PLACEHOLDER, mcpClientConfigs, mcpUrlOf } from '@/lib/dashboard/mcp-client-config';

type Props = {
  /** PERCH_PUBLIC_URL's origin when the deployment names one; else the browser's own origin is used. */
  publicOrigin: string | null;
  /** The origin the request named, until the browser's is known (hydration). */
  requestOrigin: string;
  /** The server's cap per tool call (PERCH_MCP_MAX_CREDITS_PER_CALL). */
  defaultCap: number;
  /** A key just created or rotated whose secret is still on screen: offered filled in. */
  fresh: CreatedKey | null;
};

const noSubscribe = () => () => {};

/** "Use with AI agents": the /mcp address of this deployment and copy-ready configuration for common MCP clients. */
export function McpSetup({ publicOrigin, requestOrigin, defaultCap, fresh }: Props) {
  const browserOrigin = useSyncExternalStore(noSubscribe, () => window.location.origin, () => requestOrigin);
  const [withKey, setWithKey] = useState(true);
  const url = mcpUrlOf(publicOrigin ?? browserOrigin);
  const filled = fresh !== null && withKey;
  const configs = mcpClientConfigs(url, filled ? fresh.key : KEY_PLACEHOLDER);
  return (
    <Card title="Use with AI agents">
      <div className="flex flex-col gap-4 text-sm text-slate-700 dark:text-slate-300">
        <p>
          Agents that speak the Model Context Protocol (Claude, Cursor, VS Code and others) can call every operation a key&apos;s scopes allow as a tool, charged like a /v2 call and shown
          as <strong>MCP (AI agents)</strong> in usage and the request log. Each tool call spends at most {formatNumber(defaultCap)} credits unless the key sets its own cap (Edit).
        </p>
        <div className="flex flex-col gap-1">
          <span className="font-medium text-slate-900 dark:text-slate-100">MCP server URL (Streamable HTTP)</span>
          <code aria-label="MCP server URL" className="w-fit break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {url}
          </code>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            Send a key as <code className="font-mono">Authorization: Bearer perch_…</code>.
          </span>
        </div>
        {fresh ? (
          <label className="flex w-fit items-center gap-2">
            <input type="checkbox" checked={withKey} onChange={(event) => setWithKey(event.target.checked)} className="size-4 accent-brand-600" />
            Fill in the new key &ldquo;{fresh.name}&rdquo; (only while it is shown above)
          </label>
        ) : (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Replace <code className="font-mono">{KEY_PLACEHOLDER}</code> with one of your keys; a key is shown in full only when it is created or rotated.
          </p>
        )}
        {configs.map((config) => (
          <div key={config.id} className="flex min-w-0 flex-col gap-1.5">
            <p className="text-xs text-slate-500 dark:text-slate-400">{config.where}</p>
            <CodeBlock label={config.label} code={config.code} />
          </div>
        ))}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          More in the{' '}
          <a href="/docs#mcp" className="text-brand-700 underline dark:text-brand-500">
            API reference
          </a>{' '}
          (tools, costs, errors, testing with the MCP Inspector).
        </p>
      </div>
    </Card>
  );
}
