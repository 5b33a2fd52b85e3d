import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDES } from '@/components/docs/docs-nav';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { OPERATIONS, ROUTED_OPERATIONS } from '@/lib/api/registry';

// Issue 33, item 7: the OpenAPI document, the reference's guides and docs/mcp.md tell of /mcp,
// and the guide names exactly the operations that are not tools (those answering a stream or a file).

const guide = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/mcp.md'), 'utf8');

describe('the MCP server in the docs', () => {
  it('the OpenAPI description points agents to /mcp, its naming rule and the guide', () => {
    const { description } = (buildOpenApiDocument(OPERATIONS) as { info: { description: string } }).info;
    expect(description).toContain('tool at `/mcp`');
    expect(description).toContain('operation ids in snake_case');
    expect(description).toContain('`/docs#mcp`');
    expect(description).toContain('docs/mcp.md');
  });

  it('the reference lists the MCP guide among its guides', () => {
    expect(GUIDES).toContainEqual({ id: 'mcp', title: 'AI agents (MCP)' });
  });

  it('docs/mcp.md names each operation that is no tool, and the cap’s setting and variable', () => {
    const streamsAndFiles = ROUTED_OPERATIONS.filter((operation) => operation.mediaType !== undefined).map((operation) => operation.id);
    expect(streamsAndFiles.length).toBeGreaterThan(0);
    for (const id of streamsAndFiles) expect(guide, id).toContain(`(\`${id}\``);
    for (const text of ['PERCH_MCP_MAX_CREDITS_PER_CALL', 'Most credits per MCP tool call', 'api_keys.mcp_max_credits', 'claude mcp add --transport http perch', '"mcpServers"', '"type": "http"', '--cli']) {
      expect(guide, text).toContain(text);
    }
  });
});
