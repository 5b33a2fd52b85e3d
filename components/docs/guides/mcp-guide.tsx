import { mcpClientConfigs, mcpUrlOf } from '@/lib/dashboard/mcp-client-config';
import { CodeBlock } from '../code-block';
import { C, GuideSection } from '../guide-section';

/** The MCP server for AI agents (docs/mcp.md in short): where it is, what its tools are, what they cost, how to connect a client. */
export function McpGuide({ origin }: { origin: string }) {
  const url = mcpUrlOf(origin);
  const [json, claudeCode] = mcpClientConfigs(url);
  return (
    <GuideSection id="mcp" title="AI agents (MCP)">
      <p>
        Agents that speak the Model Context Protocol call this API as tools at <C>{url}</C> (Streamable HTTP, stateless: <C>POST</C> only), with the same key:{' '}
        <C>Authorization: Bearer perch_…</C>. There is one tool per operation below that the key&apos;s scopes allow and the platform serves, named after its operation id in
        snake_case (<C>searchTweets</C> → <C>search_tweets</C>, <C>getUser</C> → <C>get_user</C>), with the operation&apos;s input as its JSON Schema and its price in its description.
        Operations that answer a stream or a file (<C>streamMatches</C>, <C>exportEvents</C>, <C>downloadExport</C>) are not tools.
      </p>
      <p>
        Every tool call is a /v2 call: charged the same, refused with the same errors (as a tool error the agent can read: a 402 says the balance and where to top up), and shown in usage
        and the request log as <strong>MCP (AI agents)</strong>. Paid tools take <C>max_credits</C>; each tool call is also capped at <C>PERCH_MCP_MAX_CREDITS_PER_CALL</C> (1,000 by
        default) or the key&apos;s own cap, set in the key&apos;s settings on the API keys page. Results carry <C>{'{data, meta}'}</C> as structured content, a short text per tweet or
        user, and the cost and <C>next_cursor</C> to page with. Resources: <C>perch://account</C>, <C>perch://rules</C>, <C>perch://exports</C>; prompts: <C>audience_of_user</C>,{' '}
        <C>trending_in_country</C>, <C>who_mentions</C>.
      </p>
      <p>
        Configure a client (the dashboard&apos;s API keys page has these for Cursor, Claude Desktop, Claude Code and VS Code, with a copy button), then check it with the MCP Inspector:
      </p>
      <CodeBlock label={json.label} code={json.code} />
      <CodeBlock label={claudeCode.label} code={claudeCode.code} />
      <CodeBlock
        label="MCP Inspector (CLI)"
        code={`npx @modelcontextprotocol/inspector --cli ${url} --transport http --header "Authorization: Bearer perch_YOUR_API_KEY" --method tools/list`}
      />
      <p>
        The whole guide (tools, annotations, errors, the cap, testing) is <C>docs/mcp.md</C> in the Perch repository.
      </p>
    </GuideSection>
  );
}
