'use client';

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { buildCall } from '@/lib/playground/build-call';
import { estimateCost } from '@/lib/playground/estimate-cost';
import { initialValues, withExamples } from '@/lib/playground/initial-values';
import { fieldErrorsFromResponse } from '@/lib/playground/response-errors';
import { sendCall, type CallResult } from '@/lib/playground/send-call';
import type { FieldValues, OperationView } from '@/lib/playground/types';
import { playgroundSearch, readPlaygroundSearch } from '@/lib/playground/url-state';
import { validateInputs } from '@/lib/playground/validate-inputs';
import { AuthChoice, type AuthMode } from './auth-choice';
import { FieldInput } from './field-input';
import { OperationPicker } from './operation-picker';
import { OperationSummary } from './operation-summary';
import { ResponsePanel } from './response-panel';
import { SnippetTabs } from './snippet-tabs';

type Props = {
  operations: OperationView[];
  initialOperationId: string;
  /** Values from the address; null when it carried none (the operation's examples are used). */
  initialValues: FieldValues | null;
  /** This server's origin as the request named it, for the snippets' URLs until the browser's is known. */
  serverOrigin: string;
};

const noSubscribe = () => () => undefined;

/** The API playground: pick an operation, fill in its generated form, send it, read the answer, copy the code. */
export function Playground({ operations, initialOperationId, initialValues: fromUrl, serverOrigin }: Props) {
  const [operationId, setOperationId] = useState(initialOperationId);
  const operation = operations.find((o) => o.id === operationId) ?? operations[0];
  const [values, setValues] = useState<FieldValues>(() => fromUrl ?? initialValues(operation));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [authMode, setAuthMode] = useState<AuthMode>('session');
  const [apiKey, setApiKey] = useState('');
  const [keyError, setKeyError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [result, setResult] = useState<CallResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Answers are matched to the latest Send; an older one arriving late is dropped, not aborted:
  // the server charges a call it has run whether or not the page still waits for it.
  const latestSend = useRef(0);
  const origin = useSyncExternalStore(noSubscribe, () => window.location.origin, () => serverOrigin);

  const errors = useMemo(() => validateInputs(operation, values), [operation, values]);
  const estimate = useMemo(() => estimateCost(operation, values), [operation, values]);
  const valid = Object.keys(errors).length === 0;
  const call = useMemo(() => (valid ? buildCall(operation, values, { idempotencyKey }) : null), [valid, operation, values, idempotencyKey]);

  // The address follows the form, so a reload or a shared link brings back this exact call.
  useEffect(() => {
    const url = `${window.location.pathname}?${playgroundSearch(operation, values)}`;
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(null, '', url);
  }, [operation, values]);

  const reset = useCallback((next: OperationView, nextValues: FieldValues) => {
    latestSend.current++;
    setSending(false);
    setOperationId(next.id);
    setValues(nextValues);
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
    setResult(null);
    setFailure(null);
  }, []);

  useEffect(() => {
    const onPopState = () => {
      const state = readPlaygroundSearch(new URLSearchParams(window.location.search), operations);
      const next = operations.find((o) => o.id === state.operationId)!;
      reset(next, state.fromUrl ? state.values : initialValues(next));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [operations, reset]);

  const selectOperation = (id: string) => {
    if (id === operation.id) return;
    const next = operations.find((o) => o.id === id);
    if (!next) return;
    const nextValues = initialValues(next);
    // A new history entry per operation, so Back returns to the previous one.
    window.history.pushState(null, '', `${window.location.pathname}?${playgroundSearch(next, nextValues)}`);
    reset(next, nextValues);
  };

  // Errors show as soon as a field is edited, not on blur: an error appearing on blur shifts the
  // layout under the pointer, and the click on Send that caused the blur would miss its button.
  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const send = async (toSend: FieldValues) => {
    setSubmitted(true);
    const problems = validateInputs(operation, toSend);
    const firstInvalid = operation.fields.find((f) => problems[f.name]);
    if (firstInvalid) {
      document.getElementById(`pg-field-${firstInvalid.name}`)?.focus();
      return;
    }
    if (authMode === 'key' && !apiKey.trim()) {
      setKeyError('Paste an API key, or send as your signed-in account');
      document.getElementById('pg-api-key')?.focus();
      return;
    }
    setKeyError(undefined);
    const sendNumber = ++latestSend.current;
    setSending(true);
    setFailure(null);
    try {
      const answer = await sendCall(buildCall(operation, toSend, { idempotencyKey }), authMode === 'session' ? { kind: 'session' } : { kind: 'key', key: apiKey });
      if (sendNumber !== latestSend.current) return;
      setResult(answer);
      setServerErrors(answer.status === 400 ? fieldErrorsFromResponse(operation, answer.json) : {});
    } catch (error) {
      if (sendNumber !== latestSend.current) return;
      setResult(null);
      setFailure(`The request did not complete: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (sendNumber === latestSend.current) setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(values);
  };

  const nextPage = result?.nextCursor
    ? () => {
        const next = { ...values, cursor: result.nextCursor! };
        setValues(next);
        void send(next);
      }
    : undefined;

  const shownError = (name: string) => serverErrors[name] ?? (submitted || touched.has(name) ? errors[name] : undefined);
  const hasExamples = operation.fields.some((f) => f.example !== undefined && !values[f.name]);

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
        <OperationPicker operations={operations} selected={operation.id} onSelect={selectOperation} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={`${operation.id} request`}
          className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60"
        >
          <OperationSummary operation={operation} />
          {operation.fields.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">This operation takes no input.</p>
          ) : (
            <div className="grid min-w-0 gap-4 sm:grid-cols-2">
              {operation.fields.map((field) => (
                <div key={`${operation.id}-${field.name}`} className={field.multiline || field.kind === 'string-list' || field.name === 'query' || field.name === 'cursor' ? 'sm:col-span-2' : ''}>
                  <FieldInput
                    field={field}
                    value={values[field.name] ?? ''}
                    error={shownError(field.name)}
                    onChange={(value) => setValue(field.name, value)}
                  />
                </div>
              ))}
            </div>
          )}
          {hasExamples && (
            <div>
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setValues(withExamples(operation, values))}>
                Fill in example values
              </Button>
            </div>
          )}
          {operation.scope === 'write' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="pg-idempotency-key" className="text-sm">
                <span className="font-mono font-medium">Idempotency-Key</span> <span className="text-xs text-slate-500 dark:text-slate-400">header, optional</span>
              </label>
              <input id="pg-idempotency-key" type="text" autoComplete="off" value={idempotencyKey} onChange={(e) => setIdempotencyKey(e.target.value)} className={INPUT_CLASSES} aria-describedby="pg-idempotency-hint" />
              <p id="pg-idempotency-hint" className="text-xs text-slate-500 dark:text-slate-400">
                Repeat a write with the same key within 24 hours and you get the stored answer, charged nothing.
              </p>
            </div>
          )}
          <AuthChoice mode={authMode} onMode={setAuthMode} apiKey={apiKey} onApiKey={setApiKey} keyError={keyError} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <p role="status" className="min-w-0 text-sm">
              <span className="font-medium">Estimated cost: </span>
              <span data-testid="cost-estimate">{estimate.problem ? '—' : estimate.credits === 0 ? 'free' : `up to ${estimate.credits.toLocaleString('en-US')} credits`}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{estimate.problem ?? `${estimate.text}. Only what is returned is charged; errors are free.`}</span>
            </p>
            <Button type="submit" disabled={sending} className="w-full sm:w-auto">
              {sending ? 'Sending…' : 'Send request'}
            </Button>
          </div>
          {submitted && !valid && <FormAlert message={`Fix ${Object.keys(errors).length === 1 ? 'the highlighted field' : 'the highlighted fields'} before sending.`} />}
          <FormAlert message={failure} />
        </form>
        {result && <ResponsePanel result={result} onNextPage={nextPage} sending={sending} />}
        <SnippetTabs call={call} baseUrl={origin} />
      </div>
    </div>
  );
}
