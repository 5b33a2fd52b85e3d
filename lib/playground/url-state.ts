import type { FieldValues, OperationView } from './types';

// The playground's address carries the operation and every filled-in field, so a call can be
// reloaded or shared: /dashboard/playground?op=getUserTweets&username=jack&count=5.
// A pasted API key is never put there.

export const OPERATION_PARAM = 'op';

/** The query string for an operation and its values; empty fields are left out. */
export function playgroundSearch(operation: OperationView, values: FieldValues): string {
  const params = new URLSearchParams({ [OPERATION_PARAM]: operation.id });
  for (const field of operation.fields) {
    const value = values[field.name];
    if (value !== undefined && value !== '') params.set(field.name, value);
  }
  return params.toString();
}

export type PlaygroundState = { operationId: string; values: FieldValues; fromUrl: boolean };

/** The operation and values an address names; the first operation when it names none or an unknown one. */
export function readPlaygroundSearch(params: URLSearchParams, operations: readonly OperationView[]): PlaygroundState {
  const operation = operations.find((o) => o.id === params.get(OPERATION_PARAM));
  if (!operation) return { operationId: operations[0].id, values: {}, fromUrl: false };
  const values: FieldValues = {};
  for (const field of operation.fields) {
    const value = params.get(field.name);
    if (value !== null) values[field.name] = value;
  }
  return { operationId: operation.id, values, fromUrl: Object.keys(values).length > 0 };
}
