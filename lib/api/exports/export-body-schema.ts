import { z } from 'zod';
import { EXPORT_PAGE_FIELDS } from '@/lib/exports/export-page-fields';
import { EXPORTABLE_OPERATIONS, exportableOperation } from './exportable-operations';

type JsonSchema = Record<string, unknown>;

/**
 * The body of POST /v2/exports (and /estimate) per operation, for the OpenAPI document: one
 * `oneOf` branch per exportable operation with its `params` (the operation's path and query or
 * body fields, less count, cursor and max_credits, unknown fields refused) and the minimum
 * max_credits of one of its records: the seed's price here, which lib/api/openapi.ts replaces
 * with the price list's when it builds the document. The server checks the same
 * (export-inputs.ts; operations/exports.ts at the workspace's price), so what the document allows it takes.
 */
export function exportBodyBranches(): JsonSchema[] {
  return EXPORTABLE_OPERATIONS.map((id) => {
    const operation = exportableOperation(id)!;
    const values = (operation.body ?? operation.query)?.shape ?? {};
    const shape = { ...(operation.params?.shape ?? {}), ...Object.fromEntries(Object.entries(values).filter(([name]) => !EXPORT_PAGE_FIELDS.includes(name))) };
    const params = z.toJSONSchema(z.strictObject(shape), { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete params.$schema;
    const required = (params.required as string[] | undefined) ?? [];
    return {
      title: id,
      properties: { operation: { const: id }, params, max_credits: { type: 'integer', minimum: operation.cost.credits } },
      required: required.length > 0 ? ['operation', 'params'] : ['operation'],
    };
  });
}
