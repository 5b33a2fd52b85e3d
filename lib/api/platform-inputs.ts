import { z } from 'zod';
import { LOCAL_SYNTAX, type PlatformSyntax } from '@/lib/platform/syntax';
import type { Operation } from './define-operation';
import { idFieldOf, syntaxFieldKind, tweetReferenceFieldOf, usernameFieldOf, type SyntaxFieldKind } from './inputs';

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** An operation's input schemas as a platform validates them. */
export type OperationInputs = { params?: AnyObject; query?: AnyObject; body?: AnyObject };

const cache = new WeakMap<PlatformSyntax, WeakMap<Operation, OperationInputs>>();

/**
 * The operation's path, query and body schemas with every username, id and tweet-reference
 * field in the given platform's syntax. The embedded platform's syntax is the one operations
 * are declared with, so it gets the declared schemas themselves, unchanged.
 */
export function inputsForSyntax(operation: Operation, syntax: PlatformSyntax): OperationInputs {
  if (syntax === LOCAL_SYNTAX) return operation;
  let perOperation = cache.get(syntax);
  if (!perOperation) cache.set(syntax, (perOperation = new WeakMap()));
  let inputs = perOperation.get(operation);
  if (!inputs) {
    inputs = { params: adaptObject(operation.params, syntax), query: adaptObject(operation.query, syntax), body: adaptObject(operation.body, syntax) };
    perOperation.set(operation, inputs);
  }
  return inputs;
}

function fieldFor(kind: SyntaxFieldKind, syntax: PlatformSyntax): z.ZodType {
  if (kind === 'id') return idFieldOf(syntax);
  if (kind === 'tweetReference') return tweetReferenceFieldOf(syntax);
  return usernameFieldOf(syntax); // a platform's normalize already gives the canonical form paths need
}

function adaptObject(schema: AnyObject | undefined, syntax: PlatformSyntax): AnyObject | undefined {
  if (!schema) return schema;
  const replaced: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const adapted = adaptField(field as z.ZodType, syntax);
    if (adapted) replaced[name] = adapted;
  }
  return Object.keys(replaced).length === 0 ? schema : schema.extend(replaced);
}

/** The field in the platform's syntax, or null when it does not depend on syntax. */
function adaptField(field: z.ZodType, syntax: PlatformSyntax): z.ZodType | null {
  const kind = syntaxFieldKind(field);
  if (kind) return fieldFor(kind, syntax);
  if (field instanceof z.ZodOptional) {
    const inner = adaptField(field.unwrap() as z.ZodType, syntax);
    return inner ? inner.optional() : null;
  }
  if (field instanceof z.ZodObject) {
    // A nested object (a follows monitor's {username, direction}) with its own fields adapted.
    const adapted = adaptObject(field as AnyObject, syntax);
    return adapted === field ? null : adapted!;
  }
  if (field instanceof z.ZodArray) {
    const element = adaptField(field.element as z.ZodType, syntax);
    // A clone keeps the array's own checks (1..100 items) around the new element.
    return element ? field.clone({ ...field._zod.def, element }) : null;
  }
  return null;
}
