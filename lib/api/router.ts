import type { HttpMethod, Operation } from './define-operation';

type CompiledRoute = { operation: Operation; pattern: RegExp; names: string[]; literalSegments: number; segments: number };

export type RouteMatch =
  | { kind: 'found'; operation: Operation; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: HttpMethod[] }
  | { kind: 'none' };

function compile(operation: Operation): CompiledRoute {
  const names: string[] = [];
  const segments = operation.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { operation, pattern: new RegExp(`^/${source}/?$`), names, literalSegments: segments.length - names.length, segments: segments.length };
}

/** Matches method and path against the registry; literal segments beat parameters. */
export function createRouter(operations: readonly Operation[]) {
  // Most literal first, so /v2/users/check-follow wins over /v2/users/{username}.
  const routes = operations.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
  // Only routes with as many segments as the path can match it (a parameter never spans a
  // slash): grouped by that count, a request tries a handful of patterns instead of all of them.
  const bySegments = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const group = bySegments.get(route.segments) ?? [];
    group.push(route);
    bySegments.set(route.segments, group);
  }
  return (method: string, pathname: string): RouteMatch => {
    const allowed = new Set<HttpMethod>();
    for (const route of bySegments.get(segmentCount(pathname)) ?? []) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (route.operation.method !== method) {
        allowed.add(route.operation.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1]);
      });
      return { kind: 'found', operation: route.operation, params };
    }
    return allowed.size > 0 ? { kind: 'wrong_method', allowed: [...allowed] } : { kind: 'none' };
  };
}

/** Segments of a path as the patterns count them: `/v2/users/x` and `/v2/users/x/` have three. */
function segmentCount(pathname: string): number {
  let count = 0;
  for (let i = 0; i < pathname.length; i += 1) if (pathname.charCodeAt(i) === 47 && i + 1 < pathname.length) count += 1;
  return count;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // left undecoded: the parameter's own validation rejects it
  }
}
