import { ROUTES, pathParamNames } from './routes';
import type { OperationId } from './routes';

export type SnippetOptions = {
  /** Where the snippet imports the client from. */
  importPath?: string;
  /** Written into the constructor when given; otherwise the client's default applies. */
  baseUrl?: string;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    if (fields.length === 0) return '{}';
    return `{ ${fields.map(([key, field]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${literal(field)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * TypeScript that makes one call with this client, for the playground's "TypeScript" tab:
 * generated from the same route table as the client, so it always matches its signatures.
 */
export function typescriptSnippet(id: OperationId, pathValues: readonly string[], input: Record<string, unknown> = {}, options: SnippetOptions = {}): string {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new RangeError(`unknown operation ${id}`);
  const args = pathParamNames(route.path).map((_, i) => JSON.stringify(pathValues[i] ?? ''));
  const given = Object.values(input).some((value) => value !== undefined);
  if (route.input !== null && given) args.push(literal(input));
  const constructorArgs = options.baseUrl === undefined ? '' : `{ baseUrl: ${JSON.stringify(options.baseUrl)} }`;
  return [
    `import { Perch } from ${JSON.stringify(options.importPath ?? '@perch/client')};`,
    '',
    `const perch = new Perch(${constructorArgs}); // the key comes from PERCH_API_KEY`,
    `const { data, meta } = await perch.${id}(${args.join(', ')});`,
    'console.log(data, meta.credits_charged, meta.credits_remaining);',
    '',
  ].join('\n');
}
