import fs from 'node:fs';
import path from 'node:path';

// Every dashboard page and route handler as the file system has them, so a test that must cover
// them all cannot forget one: a new page.tsx or route.ts, or a new exported method, shows up here.

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A page or handler: its URL pattern (`/dashboard/keys/[id]`, route groups dropped), file and methods. */
export type RouteFile = { route: string; kind: 'page' | 'route'; file: string; methods: HttpMethod[] };

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** `app/(dashboard)/dashboard/keys/page.tsx` → `/dashboard/keys`: route groups are not in the URL. */
function urlPattern(file: string): string {
  const dirs = path.relative(path.join(ROOT, 'app'), path.dirname(file)).split(path.sep);
  return `/${dirs.filter((segment) => !/^\(.*\)$/.test(segment)).join('/')}`;
}

/** The HTTP methods a route.ts exports, in any of the forms Next accepts. */
export function exportedMethods(source: string): HttpMethod[] {
  const found = new Set<string>();
  const names = HTTP_METHODS.join('|');
  for (const match of source.matchAll(new RegExp(`export\\s+(?:async\\s+)?function\\s+(${names})\\b`, 'g'))) found.add(match[1]);
  for (const match of source.matchAll(new RegExp(`export\\s+(?:const|let|var)\\s+(${names})\\b`, 'g'))) found.add(match[1]);
  for (const list of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list[1].split(',')) {
      const exported = item.trim().split(/\s+as\s+/).at(-1)?.trim();
      if (exported && (HTTP_METHODS as readonly string[]).includes(exported)) found.add(exported);
    }
  }
  return HTTP_METHODS.filter((method) => found.has(method));
}

/** Every page under app/(dashboard)/ and every route.ts under app/(dashboard)/ and app/api/dashboard/. */
export function dashboardRouteFiles(): RouteFile[] {
  const files = [...walk(path.join(ROOT, 'app', '(dashboard)')), ...walk(path.join(ROOT, 'app', 'api', 'dashboard'))];
  const routes: RouteFile[] = [];
  for (const file of files) {
    const name = path.basename(file);
    const relative = path.relative(ROOT, file);
    if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(name)) routes.push({ route: urlPattern(file), kind: 'page', file: relative, methods: ['GET'] });
    if (/^route\.(ts|js)$/.test(name)) routes.push({ route: urlPattern(file), kind: 'route', file: relative, methods: exportedMethods(fs.readFileSync(file, 'utf8')) });
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** Files under app/ whose module or any function in them is a server action ('use server'). */
export function serverActionFiles(): string[] {
  return walk(path.join(ROOT, 'app'))
    .filter((file) => /\.(ts|tsx|js|jsx)$/.test(file))
    .filter((file) => /^\s*['"]use server['"]/m.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file))
    .sort();
}

export function readSource(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}
