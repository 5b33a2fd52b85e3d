import { describe, expect, it } from 'vitest';
import { inputsForSyntax } from '@/lib/api/platform-inputs';
import type { Operation } from '@/lib/api/define-operation';
import { createRule } from '@/lib/api/operations/rules';
import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';

// A monitor's usernames follow the syntax of the platform serving the request, in nested objects
// too: a Bluesky follows monitor names a handle, which the embedded platform's 15-letter
// usernames would refuse.

const bodyFor = (syntax: typeof LOCAL_SYNTAX) => inputsForSyntax(createRule as unknown as Operation, syntax).body!;

describe('a rule body on each platform', () => {
  it('takes Bluesky handles in follows.username and profile.usernames on Bluesky', () => {
    const body = bodyFor(BLUESKY_SYNTAX);
    const follows = body.safeParse({ tag: 't', follows: { username: '@Alice.test', direction: 'both' } });
    expect(follows.success && follows.data.follows).toEqual({ username: 'alice.test', direction: 'both' });
    const profile = body.safeParse({ tag: 't', profile: { usernames: ['bob.test', 'did:plc:z72i7hdynmk6r22z27h6tvur'] } });
    expect(profile.success).toBe(true);
  });

  it('refuses a handle on the embedded platform, and defaults direction to followers', () => {
    const body = bodyFor(LOCAL_SYNTAX);
    expect(body.safeParse({ tag: 't', follows: { username: 'alice.test' } }).success).toBe(false);
    const parsed = body.safeParse({ tag: 't', follows: { username: '@alice' } });
    expect(parsed.success && parsed.data.follows).toEqual({ username: 'alice', direction: 'followers' });
  });
});
