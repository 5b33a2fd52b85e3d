import { estimateCost } from './estimate-cost';
import { jsonObject, listItems } from './parse-value';
import { patternMessage } from './pattern-messages';
import type { FieldSpec, FieldValues, OperationView } from './types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entries = (n: number) => (n === 1 ? '1 entry' : `${n} entries`);


// The same limits the server's schema enforces (from its JSON Schema), checked as you type;
// what JSON Schema cannot say (a refinement such as the 280-character tweet length) comes
// back from the server as a 400 whose details are shown on the same fields.
/** What is wrong with one field's text, or null. */
export function validateField(field: FieldSpec, raw: string): string | null {
  const text = field.kind === 'string' ? raw : raw.trim();
  if (text === '') return field.required ? 'required' : null;
  switch (field.kind) {
    case 'integer': {
      if (!/^-?[0-9]{1,16}$/.test(text)) return 'must be a whole number';
      const value = Number(text);
      if (field.minimum !== undefined && value < field.minimum) return field.maximum !== undefined ? `must be from ${field.minimum} to ${field.maximum}` : `must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return field.minimum !== undefined ? `must be from ${field.minimum} to ${field.maximum}` : `must be at most ${field.maximum}`;
      return null;
    }
    case 'boolean':
    case 'enum':
      return field.options?.includes(text) ? null : `must be one of ${field.options?.join(', ')}`;
    case 'json':
      return jsonObject(text) === null ? 'must be a JSON object, such as {"username": "alice"}' : null;
    case 'string-list': {
      const items = listItems(text);
      if (items.length === 0) return field.required ? 'required' : null;
      if (field.minItems !== undefined && items.length < field.minItems) return `needs at least ${entries(field.minItems)}`;
      if (field.maxItems !== undefined && items.length > field.maxItems) return `takes at most ${entries(field.maxItems)} (${items.length} given)`;
      if (field.pattern) {
        const re = new RegExp(field.pattern);
        const bad = items.find((item) => !re.test(item));
        if (bad !== undefined) return `"${bad}" ${patternMessage(field.pattern)}`;
      }
      return null;
    }
    default: {
      if (field.minLength !== undefined && text.length < field.minLength) return `must be at least ${plural(field.minLength, 'character')}`;
      if (field.maxLength !== undefined && text.length > field.maxLength) return `must be at most ${plural(field.maxLength, 'character')} (${text.length} given)`;
      if (field.pattern && !new RegExp(field.pattern).test(text)) return patternMessage(field.pattern);
      return null;
    }
  }
}

/** Every field's problem by name, plus a max_credits too low to pay for one item; empty when the call can be sent. */
export function validateInputs(operation: OperationView, values: FieldValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of operation.fields) {
    const message = validateField(field, values[field.name] ?? '');
    if (message) errors[field.name] = message;
  }
  if (Object.keys(errors).length === 0) {
    const estimate = estimateCost(operation, values);
    if (estimate.problem) errors.max_credits = estimate.problem;
  }
  return errors;
}
