import { describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, configuredPublicOrigin, mcpClientConfigs, mcpUrlOf } from '@/lib/dashboard/mcp-client-config';

// The keys page's "Use with AI agents" section: the /mcp address and what each client pastes.

describe('mcpUrlOf and configuredPublicOrigin', () => {
  it('puts /mcp on the origin, from PERCH_PUBLIC_URL when it is a URL', () => {
    expect(mcpUrlOf('https://perch.example.com')).toBe('https://perch.example.com/mcp');
    expect(mcpUrlOf('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/mcp');
    expect(configuredPublicOrigin({ PERCH_PUBLIC_URL: 'https://perch.example.com/' })).toBe('https://perch.example.com');
    expect(configuredPublicOrigin({ PERCH_PUBLIC_URL: ' ' })).toBeNull();
    expect(configuredPublicOrigin({ PERCH_PUBLIC_URL: 'not a url' })).toBeNull();
    expect(configuredPublicOrigin({})).toBeNull();
  });
});

describe('mcpClientConfigs', () => {
  const url = 'https://perch.example.com/mcp';

  it('gives an mcpServers entry, a claude mcp add line and a VS Code servers entry, with the placeholder', () => {
    const [json, claude, vscode] = mcpClientConfigs(url);
    expect(JSON.parse(json.code)).toEqual({ mcpServers: { perch: { url, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } } });
    expect(claude.code).toBe(`claude mcp add --transport http perch ${url} --header "Authorization: Bearer ${KEY_PLACEHOLDER}"`);
    expect(JSON.parse(vscode.code)).toEqual({ servers: { perch: { type: 'http', url, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } } });
    expect([json.id, claude.id, vscode.id]).toEqual(['json', 'claude-code', 'vscode']);
  });

  it('fills in a key that was just created', () => {
    const key = 'perch_0123456789abcdefABCDEF0123456789';
    for (const config of mcpClientConfigs(url, key)) {
      expect(config.code).toContain(`Bearer ${key}`);
      expect(config.code).not.toContain(KEY_PLACEHOLDER);
    }
  });
});
