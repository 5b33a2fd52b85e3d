// The playground's view of an operation: plain data built on the server from the registry's
// zod schemas (describe-operation.ts), so client components get forms without importing
// the registry, which pulls in database code.

export type FieldLocation = 'path' | 'query' | 'body';

/** How a field is edited and sent: text, a whole number, true/false, one of a set, a list of strings, or a JSON object (an export's params). */
export type FieldKind = 'string' | 'integer' | 'boolean' | 'enum' | 'string-list' | 'json';

export type FieldSpec = {
  name: string;
  location: FieldLocation;
  kind: FieldKind;
  required: boolean;
  /** What the server uses when the field is left out. */
  defaultValue?: string | number | boolean;
  /** The allowed values of an enum, true/false of a boolean. */
  options?: string[];
  /** Known good values offered while typing (the trend countries), not a closed set. */
  suggestions?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** A regular expression (JSON Schema `pattern`) the value, or each list item, must match. */
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  description?: string;
  /** A value that works on this deployment (from the platform's samples), filled in on request. */
  example?: string;
  /** Long free text (a tweet), edited in a textarea. */
  multiline?: boolean;
};

/**
 * What the operation costs the viewer's workspace on the platform its calls go to (the price
 * book's priceOf, their own terms applied), as the server charges it: credits per item or per
 * call, and the least a successful call is charged (0 or absent: none).
 */
export type CostView =
  | { per: 'item'; unit: string; credits: number; minimum?: number }
  | { per: 'call'; unit: string; credits: number; minimum?: number };

export type OperationView = {
  id: string;
  tag: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  description?: string;
  scope: 'read' | 'write';
  cost: CostView;
  /** The largest `count` of a paged operation; absent when the operation is not paged. */
  maxCount?: number;
  /** The list field whose distinct entries a batch operation charges for. */
  batchField?: string;
  fields: FieldSpec[];
};

/** A field's text as the form holds it, by field name (no operation has a name twice). */
export type FieldValues = Record<string, string>;
