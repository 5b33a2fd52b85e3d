import type { Operation } from '../define-operation';
import { EXPORTABLE_OPERATIONS } from '@/lib/exports/exportable-operation-ids';
import type { ExportRecordKind } from '@/lib/exports/record-kind';
import { findOperation } from '../registry';



export { EXPORTABLE_OPERATIONS };

/** The exportable operation with this id, or null. */
export function exportableOperation(id: string): Operation | null {
  if (!(EXPORTABLE_OPERATIONS as readonly string[]).includes(id)) return null;
  return findOperation(id) ?? null;
}

/** The kind of record an exportable operation lists, from its unit of cost. */
export function recordKindOf(operation: Operation): ExportRecordKind {
  if (operation.cost.per !== 'item') throw new Error(`${operation.id} is not paged per item`);
  if (operation.cost.unit === 'id') return 'id';
  return operation.cost.unit === 'tweet' ? 'tweet' : 'user';
}
