-- The most credits one MCP tool call made with this key may spend (issue 33). NULL: the
-- server's default, PERCH_MCP_MAX_CREDITS_PER_CALL (1,000). An agent in a loop then spends at
-- most this much per call, whatever max_credits it sends.
ALTER TABLE api_keys ADD COLUMN mcp_max_credits BIGINT CHECK (mcp_max_credits IS NULL OR mcp_max_credits > 0);
