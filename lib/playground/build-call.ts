import { typedValue } from './parse-value';
import type { FieldValues, OperationView } from './types';

/** One fully specified /v2 request: what Send runs and what every snippet reproduces. */
export type PlannedCall = {
  operationId: string;
  method: OperationView['method'];
  /** The path with its parameters filled in and encoded: /v2/users/jack/tweets */
  path: string;
  /** Query parameters in form order, as sent. */
  query: Array<[string, string]>;
  /** path + query string. */
  pathAndQuery: string;
  /** The JSON body of a POST that takes one; undefined otherwise. */
  body?: Record<string, unknown>;
  /** Headers besides Authorization: Content-Type for a body, Idempotency-Key when given. */
  headers: Record<string, string>;
  /** Path parameter values in order, and the query or body as typed values: the client method's arguments. */
  pathValues: string[];
  input?: Record<string, unknown>;
};

export type CallOptions = { idempotencyKey?: string };

/** The request for an operation and the form's values (which must have passed validation). */
export function buildCall(operation: OperationView, values: FieldValues, options: CallOptions = {}): PlannedCall {
  let path = operation.path;
  const pathValues: string[] = [];
  const query: Array<[string, string]> = [];
  const typedQuery: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const field of operation.fields) {
    const raw = values[field.name] ?? '';
    if (field.location === 'path') {
      const value = raw.trim();
      pathValues.push(value);
      path = path.replace(`{${field.name}}`, encodeURIComponent(value));
      continue;
    }
    const value = typedValue(field, raw);
    if (value === undefined) continue;
    if (field.location === 'body') {
      body[field.name] = value;
    } else {
      typedQuery[field.name] = value;
      query.push([field.name, String(value)]);
    }
  }
  const hasBody = operation.fields.some((f) => f.location === 'body');
  const search = new URLSearchParams(query).toString();
  const headers: Record<string, string> = {};
  if (hasBody) headers['Content-Type'] = 'application/json';
  const idempotencyKey = options.idempotencyKey?.trim();
  if (operation.scope === 'write' && idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const hasQueryFields = operation.fields.some((f) => f.location === 'query');
  return {
    operationId: operation.id,
    method: operation.method,
    path,
    query,
    pathAndQuery: search ? `${path}?${search}` : path,
    body: hasBody ? body : undefined,
    headers,
    pathValues,
    input: hasBody ? body : hasQueryFields ? typedQuery : undefined,
  };
}
