import { describe, expect, it } from 'vitest';
import { slugFor } from '@/lib/workspaces/create-workspace';

// The workspaces table's CHECK on slugs, as the migration writes it.
const SLUG_CHECK = /^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$/;

describe('slugFor', () => {
  it('makes a URL-safe slug the table accepts from any name, with a random suffix', () => {
    const names = ['Acme', '  Acme Research & Co!  ', 'Ünïcode — ✨', '✨✨', '---', 'a'.repeat(80), `${'b'.repeat(29)}-tail`, '日本語のチーム', 'x'];
    for (const name of names) {
      const slug = slugFor(name);
      expect(slug, name).toMatch(SLUG_CHECK);
      expect(slug).toMatch(/-[0-9a-f]{6}$/);
    }
    expect(slugFor('  Acme Research & Co!  ')).toMatch(/^acme-research-co-[0-9a-f]{6}$/);
    expect(slugFor('Ünïcode')).toMatch(/^unicode-[0-9a-f]{6}$/);
    expect(slugFor('日本語')).toMatch(/^workspace-[0-9a-f]{6}$/);
    // Cut to 30 characters, and no dash left at the cut.
    expect(slugFor(`${'b'.repeat(29)}-tail`)).toMatch(/^b{29}-[0-9a-f]{6}$/);
  });

  it('gives one name different slugs', () => {
    const slugs = new Set(Array.from({ length: 20 }, () => slugFor('Team')));
    expect(slugs.size).toBe(20);
  });
});
