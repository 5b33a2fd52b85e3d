import { useId } from 'react';
import { FieldError, INPUT_CLASSES } from '@/components/ui/text-field';

/** A labelled select with its hint and its server-side error (the price forms' platform and operation). */
export function SelectField({
  label,
  name,
  options,
  error,
  hint,
  defaultValue,
}: {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  hint?: string;
  defaultValue?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={INPUT_CLASSES}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The choices of the price forms, passed down from the page (the operation registry stays on the server). */
export type PriceChoices = { platforms: readonly string[]; operations: ReadonlyArray<{ id: string; unit: string }> };

export function platformOptions(choices: PriceChoices, all?: string) {
  return [...(all ? [{ value: 'all', label: all }] : []), ...choices.platforms.map((p) => ({ value: p, label: p }))];
}

export function operationOptions(choices: PriceChoices, all?: string) {
  return [...(all ? [{ value: 'all', label: all }] : []), ...choices.operations.map((o) => ({ value: o.id, label: `${o.id} (per ${o.unit})` }))];
}

/**
 * Messages of the shared readers start in lower case (the CLI prints them after the flag): an
 * ordinary first word is capitalised, an identifier (getUser, a slug) left as it is.
 */
export function sentence(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]+(?=[ ,:])/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}
