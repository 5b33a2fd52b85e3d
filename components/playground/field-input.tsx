'use client';

import { INPUT_CLASSES } from '@/components/ui/text-field';
import { fieldTypeLabel } from '@/lib/playground/field-type-label';
import type { FieldSpec } from '@/lib/playground/types';

type Props = {
  field: FieldSpec;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

const LOCATION_TITLES = { path: 'path parameter', query: 'query parameter', body: 'JSON body field' } as const;

function emptyOptionLabel(field: FieldSpec): string {
  return field.defaultValue !== undefined ? `Not sent (server default: ${String(field.defaultValue)})` : 'Not sent';
}

/** One generated form field: label with type, location and required mark; the editor its kind calls for; hint and error. */
export function FieldInput({ field, value, error, onChange }: Props) {
  const id = `pg-field-${field.name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.description || field.kind === 'string-list' ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    className: INPUT_CLASSES,
  } as const;
  const placeholder = field.example ? `e.g. ${field.example.split('\n').join(', ')}` : field.defaultValue !== undefined ? `default: ${String(field.defaultValue)}` : undefined;

  let editor;
  if (field.kind === 'enum' || field.kind === 'boolean') {
    editor = (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        {!field.required && <option value="">{emptyOptionLabel(field)}</option>}
        {field.required && value === '' && <option value="">Choose…</option>}
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'string-list' || field.kind === 'json' || field.multiline) {
    editor = <textarea {...common} rows={field.kind === 'string-list' ? 3 : 3} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  } else {
    editor = (
      <>
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'integer' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
          list={field.suggestions ? `${id}-suggestions` : undefined}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
        {field.suggestions && (
          <datalist id={`${id}-suggestions`}>
            {field.suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
      </>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <span className="font-mono font-medium">
          {field.name}
          {field.required && (
            <span className="text-red-600 dark:text-red-400" title="required">
              {' '}
              *<span className="sr-only"> (required)</span>
            </span>
          )}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {fieldTypeLabel(field)} · <span title={LOCATION_TITLES[field.location]}>{field.location}</span>
        </span>
      </label>
      {editor}
      {(field.description || field.kind === 'string-list') && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {[field.description, field.kind === 'string-list' ? 'One per line (commas work too).' : ''].filter(Boolean).join(' ')}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {field.name} {error}
        </p>
      )}
    </div>
  );
}
