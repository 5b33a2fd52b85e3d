import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every dashboard JSON route answers a database outage with 503 + Retry-After (the fault suite
// checks one over HTTP: tests/integration/fault-postgres-kill.test.ts). That holds only while
// each route's handlers go through dashboardRoute, so a new route that forgets it fails here.

const ROOTS = ['app/api/dashboard', 'app/api/account'];
const METHOD_EXPORT = /export\s+(?:async\s+function|const|let|var)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b(.*)/g;
const REEXPORT = /export\s*\{[^}]*\bas\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

describe('dashboard routes', () => {
  const files = ROOTS.flatMap(routeFiles);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it('each export every HTTP method through dashboardRoute', () => {
    const unwrapped: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      if (REEXPORT.test(source)) unwrapped.push(`${file}: re-exported handler`);
      const methods = [...source.matchAll(METHOD_EXPORT)];
      if (methods.length === 0) unwrapped.push(`${file}: no handler found`);
      for (const [, method, rest] of methods) {
        if (!/^\s*=\s*dashboardRoute\(/.test(rest)) unwrapped.push(`${file}: ${method}`);
      }
    }
    expect(unwrapped).toEqual([]);
  });
});
