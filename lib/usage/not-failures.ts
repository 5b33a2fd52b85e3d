// Operations whose 4xx is the answer asked for, not a failed call: POST /v2/rules/validate
// answers an invalid rule with the 400 createRule would give, and the Rules page asks it on
// every keystroke. Usage and Overview leave these out of errors and the error rate; the
// request log still lists them with their status.

/** Operations whose refusals are answers, never counted as errors. */
export const ANSWERING_OPERATIONS: readonly string[] = ['validateRule'];

/** SQL: true when the usage row's `column` is an operation whose errors count (a static list, no input). */
export function errorsCountSql(column: string): string {
  return `${column} NOT IN (${ANSWERING_OPERATIONS.map((o) => `'${o}'`).join(', ')})`;
}

/** A usage row's errors as Usage and Overview count them. */
export function countedErrors(operation: string, errors: number): number {
  return ANSWERING_OPERATIONS.includes(operation) ? 0 : errors;
}
