'use client';

import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FieldInput } from '@/components/playground/field-input';
import { OperationPicker } from '@/components/playground/operation-picker';
import { OperationSummary } from '@/components/playground/operation-summary';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { ExportRecord } from '@/lib/exports/export-record';
import { exportParams, parseLimit } from '@/lib/exports/export-form';
import { estimateSentence, type EstimateView } from '@/lib/exports/export-words';
import { initialValues, withExamples } from '@/lib/playground/initial-values';
import type { FieldValues, OperationView } from '@/lib/playground/types';
import { playgroundSearch } from '@/lib/playground/url-state';
import { validateInputs } from '@/lib/playground/validate-inputs';
import { createExport, estimateExport, type ExportRequest } from './exports-query';

type Props = {
  operations: OperationView[];
  initialOperationId: string;
  /** Values from the address (an explorer button); null when it carried none. */
  initialValues: FieldValues | null;
  onStarted: (job: ExportRecord) => void;
};

type Limits = { format: 'jsonl' | 'csv'; maxItems: string; maxCredits: string };
type Stage = { kind: 'idle' } | { kind: 'estimating' } | { kind: 'estimated'; request: ExportRequest; estimate: EstimateView } | { kind: 'starting'; request: ExportRequest; estimate: EstimateView };

/**
 * Starts an export: the operation and its fields as the playground renders them (less count,
 * cursor and max_credits, which an export sets itself), a format and optional limits; then the
 * estimate, and Start.
 */
export function ExportForm({ operations, initialOperationId, initialValues: fromUrl, onStarted }: Props) {
  const [operationId, setOperationId] = useState(initialOperationId);
  const operation = operations.find((o) => o.id === operationId) ?? operations[0];
  const [values, setValues] = useState<FieldValues>(() => fromUrl ?? initialValues(operation));
  const [limits, setLimits] = useState<Limits>({ format: 'jsonl', maxItems: '', maxCredits: '' });
  const [submitted, setSubmitted] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  // An answer to an older form is dropped: the estimate shown is always the form's.
  const latest = useRef(0);

  const errors = useMemo(() => {
    const found = validateInputs(operation, values);
    if (parseLimit(limits.maxItems) === undefined) found.max_items = 'must be a whole number of at least 1';
    if (parseLimit(limits.maxCredits) === undefined) found.max_credits = 'must be a whole number of at least 1';
    return found;
  }, [operation, values, limits]);
  const valid = Object.keys(errors).length === 0;

  const request = (): ExportRequest => {
    const out: ExportRequest = { operation: operation.id, params: exportParams(operation, values), format: limits.format };
    const maxItems = parseLimit(limits.maxItems);
    const maxCredits = parseLimit(limits.maxCredits);
    if (maxItems) out.max_items = maxItems;
    if (maxCredits) out.max_credits = maxCredits;
    return out;
  };

  const changed = () => {
    latest.current++;
    setStage({ kind: 'idle' });
    setFailure(null);
  };

  const estimate = async () => {
    setSubmitted(true);
    setStarted(null);
    if (!valid) {
      const first = operation.fields.find((f) => errors[f.name]);
      document.getElementById(first ? `pg-field-${first.name}` : 'export-max-items')?.focus();
      return;
    }
    const body = request();
    const mine = ++latest.current;
    setStage({ kind: 'estimating' });
    setFailure(null);
    const answer = await estimateExport(body);
    if (mine !== latest.current) return;
    if (!answer.ok) {
      setStage({ kind: 'idle' });
      setFailure(answer.message);
      return;
    }
    setStage({ kind: 'estimated', request: body, estimate: answer.data });
  };

  // Opened from an explorer button: the form is filled in, so show what it would cost at once.
  useEffect(() => {
    if (fromUrl) void estimate();
    // Once, for the values the page was opened with.
  }, []);

  const start = async () => {
    if (stage.kind !== 'estimated') return;
    const mine = ++latest.current;
    setStage({ kind: 'starting', request: stage.request, estimate: stage.estimate });
    const answer = await createExport(stage.request);
    if (mine !== latest.current) return;
    if (!answer.ok) {
      setStage({ kind: 'estimated', request: stage.request, estimate: stage.estimate });
      setFailure(answer.message);
      return;
    }
    setStage({ kind: 'idle' });
    setSubmitted(false);
    setStarted(`Export of ${answer.data.operation} started: follow it below.`);
    onStarted(answer.data);
  };

  const selectOperation = (id: string) => {
    const next = operations.find((o) => o.id === id);
    if (!next || next.id === operation.id) return;
    setOperationId(next.id);
    const nextValues = initialValues(next);
    setValues(nextValues);
    setSubmitted(false);
    changed();
    window.history.replaceState(null, '', `${window.location.pathname}?${playgroundSearch(next, nextValues)}`);
  };

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    changed();
  };

  const setLimit = (name: keyof Limits, value: string) => {
    setLimits((current) => ({ ...current, [name]: value }));
    changed();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind === 'estimated') void start();
    else void estimate();
  };

  const shown = (name: string) => (submitted ? errors[name] : undefined);
  const hasExamples = operation.fields.some((f) => f.example !== undefined && !values[f.name]);
  const estimated = stage.kind === 'estimated' || stage.kind === 'starting' ? stage.estimate : null;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="min-w-0 lg:self-start">
        <OperationPicker operations={operations} selected={operation.id} onSelect={selectOperation} />
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New export"
        className="flex min-w-0 flex-col gap-5 self-start rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60"
      >
        <OperationSummary operation={operation} />
        {operation.fields.length > 0 && (
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            {operation.fields.map((field) => (
              <div key={`${operation.id}-${field.name}`} className={field.multiline || field.kind === 'string-list' || field.name === 'query' ? 'sm:col-span-2' : ''}>
                <FieldInput field={field} value={values[field.name] ?? ''} error={shown(field.name)} onChange={(value) => setValue(field.name, value)} />
              </div>
            ))}
          </div>
        )}
        {hasExamples && (
          <div>
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => {
                setValues(withExamples(operation, values));
                changed();
              }}>
              Fill in example values
            </Button>
          </div>
        )}
        <fieldset className="grid min-w-0 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3 dark:border-slate-800">
          <legend className="sr-only">File and limits</legend>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="export-format" className="text-sm font-medium">
              Format
            </label>
            <select
              id="export-format"
              value={limits.format}
              onChange={(e) => setLimit('format', e.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="jsonl">JSONL: one record per line</option>
              <option value="csv">CSV: flattened columns</option>
            </select>
          </div>
          <TextField
            id="export-max-items"
            label="Max items (optional)"
            inputMode="numeric"
            autoComplete="off"
            value={limits.maxItems}
            onChange={(e) => setLimit('maxItems', e.target.value)}
            error={shown('max_items')}
            hint="Stop after this many records"
          />
          <TextField
            id="export-max-credits"
            label="Max credits (optional)"
            inputMode="numeric"
            autoComplete="off"
            value={limits.maxCredits}
            onChange={(e) => setLimit('maxCredits', e.target.value)}
            error={shown('max_credits')}
            hint="Stop before spending more"
          />
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p role="status" aria-live="polite" className="min-w-0 text-sm" data-testid="export-estimate">
            {stage.kind === 'estimating' && 'Estimating…'}
            {estimated && (
              <>
                <span className="font-medium">{estimateSentence(estimated)}</span> — Start?
                {estimated.basis && <span className="block text-xs text-slate-500 dark:text-slate-400">From {estimated.basis}; only records written are charged.</span>}
              </>
            )}
            {stage.kind === 'idle' && <span className="text-slate-600 dark:text-slate-400">Estimate first: it is free, and says what the export would return and cost.</span>}
          </p>
          <div className="flex gap-2">
            {estimated ? (
              <>
                <Button variant="secondary" onClick={changed} disabled={stage.kind === 'starting'}>
                  Change
                </Button>
                <Button type="submit" disabled={stage.kind === 'starting'}>
                  {stage.kind === 'starting' ? 'Starting…' : 'Start export'}
                </Button>
              </>
            ) : (
              <Button type="submit" disabled={stage.kind === 'estimating'}>
                Estimate
              </Button>
            )}
          </div>
        </div>
        {submitted && !valid && <FormAlert message={`Fix ${Object.keys(errors).length === 1 ? 'the highlighted field' : 'the highlighted fields'} first.`} />}
        <FormAlert message={failure} />
        <FormAlert tone="success" message={started} />
      </form>
    </div>
  );
}
