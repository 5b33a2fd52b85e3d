import type { Platform } from '@/lib/platform/platform';
import { UnavailableError } from '@/lib/platform/errors';
import { EXPORT_PAGE_FIELDS } from '@/lib/exports/export-page-fields';
import type { ExportInputs } from '@/lib/exports/export-store';
import type { Operation } from '../define-operation';
import { ApiError } from '../errors';
import { inputsForSyntax } from '../platform-inputs';
import { parseInput } from '../validate';
import { EXPORTABLE_OPERATIONS, exportableOperation } from './exportable-operations';


/**
 * The exportable operation named in an export request and its `params` (path parameters and
 * query or body fields in one object, as the operation's page takes them), validated in the
 * serving platform's syntax, defaults applied. 400 for anything the operation would refuse.
 */
export function parseExportInputs(operationId: string, params: Record<string, unknown>, platform: Platform): { operation: Operation; inputs: ExportInputs } {
  const operation = exportableOperation(operationId);
  if (!operation) {
    throw new ApiError('invalid_request', `operation must be one of the paged read operations: ${EXPORTABLE_OPERATIONS.join(', ')}`, [
      { path: 'operation', message: `"${operationId}" cannot be exported` },
    ]);
  }
  const lacking = platform.lacks?.[operation.id];
  if (lacking !== undefined) throw new UnavailableError(lacking);
  for (const field of EXPORT_PAGE_FIELDS) {
    if (field in params) throw new ApiError('invalid_request', `params.${field} is not taken: an export pages by itself; limit it with max_items or max_credits`, [{ path: `params.${field}`, message: 'not allowed in an export' }]);
  }
  const schemas = inputsForSyntax(operation, platform.syntax);
  const pathNames = Object.keys(schemas.params?.shape ?? {});
  const path: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  // A path parameter travels as text in a URL; a JSON number (a list id) means the same.
  for (const [name, value] of Object.entries(params)) {
    if (pathNames.includes(name)) path[name] = typeof value === 'number' ? String(value) : value;
    else rest[name] = value;
  }
  // The operation's own messages name its fields; here they sit under `params`.
  const prefixed = (error: unknown) => {
    if (!(error instanceof ApiError) || !Array.isArray(error.details)) return error;
    const details = error.details.map((detail) => ('path' in detail && typeof detail.path === 'string' ? { ...detail, path: `params.${detail.path}` } : detail));
    const first = details[0] as { path?: string; message?: string } | undefined;
    const message = first?.path && first.message ? `${first.path}: ${first.message}` : error.message;
    return new ApiError(error.code, message, details, error.headers);
  };
  try {
    const parsedPath = parseInput(schemas.params, path, 'path');
    const values = parseInput(operation.body ? schemas.body : schemas.query, rest, operation.body ? 'body' : 'query');
    return { operation, inputs: { path: parsedPath, values } };
  } catch (error) {
    throw prefixed(error);
  }
}
