import type { FieldValues, OperationView } from './types';

/** The values a freshly picked operation starts with: working examples in the fields it requires, the rest left to defaults. */
export function initialValues(operation: OperationView): FieldValues {
  const values: FieldValues = {};
  for (const field of operation.fields) {
    if (field.required && field.example !== undefined) values[field.name] = field.example;
  }
  return values;
}

/** Every field that has an example, filled with it; other values kept. */
export function withExamples(operation: OperationView, values: FieldValues): FieldValues {
  const out = { ...values };
  for (const field of operation.fields) {
    if (field.example !== undefined && !out[field.name]) out[field.name] = field.example;
  }
  return out;
}
