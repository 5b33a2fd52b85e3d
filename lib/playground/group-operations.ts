import type { OperationView } from './types';

export type OperationGroup = { tag: string; operations: OperationView[] };

/** Operations by tag, in registry order, keeping those whose id, summary, path or tag contain every word of the filter. */
export function groupOperations(operations: readonly OperationView[], filter = ''): OperationGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, OperationView[]>();
  for (const operation of operations) {
    const haystack = `${operation.id} ${operation.summary} ${operation.method} ${operation.path} ${operation.tag}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const group = groups.get(operation.tag) ?? [];
    group.push(operation);
    groups.set(operation.tag, group);
  }
  return [...groups].map(([tag, list]) => ({ tag, operations: list }));
}
