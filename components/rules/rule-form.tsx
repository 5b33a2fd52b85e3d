'use client';

import { useId, useState, type FormEvent } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import type { DashboardRule } from '@/lib/dashboard/get-realtime';
import { ruleBody, type RuleDraft } from './rule-definition';
import { useRuleValidation } from './use-rule-validation';

export type KeyChoice = { id: string; name: string };

type Props = {
  /** The rule to edit; without one the form creates a rule for the chosen key. */
  rule?: DashboardRule;
  keys: KeyChoice[];
  onSaved: (tag: string) => void;
  onCancel?: () => void;
};

function draftOf(rule: DashboardRule | undefined): RuleDraft {
  if (!rule) return { tag: '', type: 'query', query: '', accounts: '' };
  return { tag: rule.tag, type: rule.kind, query: rule.query ?? '', accounts: rule.accounts.join(', ') };
}

/** Creates or edits a rule: tag, a query or accounts checked as you type, and the key it belongs to. */
export function RuleForm({ rule, keys, onSaved, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [keyId, setKeyId] = useState(rule?.keyId ?? keys[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const definition = draft.type === 'query' ? draft.query : draft.accounts;
  const validation = useRuleValidation(draft.type, definition);
  const set = (change: Partial<RuleDraft>) => setDraft((previous) => ({ ...previous, ...change }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.tag.trim() === '') return setError('Give the rule a tag: it is sent with every match.');
    if (definition.trim() === '') return setError(draft.type === 'query' ? 'Write a search query.' : 'List at least one account.');
    if (!keyId) return setError('Choose the key the rule belongs to.');
    setPending(true);
    const answer = await callV2('POST', rule ? `rules/${rule.id}` : 'rules', { body: ruleBody(draft), keyId });
    setPending(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    if (!rule) setDraft((previous) => ({ ...previous, tag: '', query: '', accounts: '' }));
    onSaved(draft.tag.trim());
  }

  const fieldId = `${id}-definition`;
  const statusId = `${id}-definition-status`;
  return (
    <form noValidate onSubmit={submit} aria-label={rule ? `Edit rule ${rule.tag}` : 'Create a rule'} className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Tag" value={draft.tag} onChange={(event) => set({ tag: event.target.value })} maxLength={100} placeholder="e.g. brand mentions" hint="Sent with every match." />
        {rule ? (
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium">Key</span>
            <span className="py-2">{rule.keyName}</span>
          </div>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-key`} className="text-sm font-medium">
              Key
            </label>
            <select id={`${id}-key`} value={keyId} onChange={(event) => setKeyId(event.target.value)} className={INPUT_CLASSES} aria-describedby={`${id}-key-hint`}>
              {keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.name}
                </option>
              ))}
            </select>
            <p id={`${id}-key-hint`} className="text-xs text-slate-500 dark:text-slate-400">
              Its GET /v2/stream gets the matches; your webhook endpoints get them too.
            </p>
          </div>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Watch</legend>
        <div className="flex flex-wrap gap-4">
          {(['query', 'accounts'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-type`} checked={draft.type === type} onChange={() => set({ type })} className="size-4 accent-brand-600" />
              {type === 'query' ? 'Tweets matching a search query' : 'Everything some accounts post'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {draft.type === 'query' ? 'Search query' : 'Accounts'}
        </label>
        <textarea
          id={fieldId}
          rows={2}
          spellCheck={false}
          maxLength={draft.type === 'query' ? 512 : undefined}
          value={definition}
          onChange={(event) => set(draft.type === 'query' ? { query: event.target.value } : { accounts: event.target.value })}
          placeholder={draft.type === 'query' ? 'e.g. perch OR #selfhosted -from:spambot lang:en' : 'e.g. @alice, bob'}
          aria-invalid={validation.state === 'invalid' ? true : undefined}
          aria-describedby={statusId}
          className={`${INPUT_CLASSES} font-mono`}
        />
        <p id={statusId} aria-live="polite" className={`text-sm ${validation.state === 'invalid' ? 'text-red-700 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}>
          {validation.state === 'invalid'
            ? validation.message
            : validation.state === 'valid'
              ? draft.type === 'query'
                ? 'Valid query.'
                : 'All accounts found.'
              : validation.state === 'checking'
                ? 'Checking…'
                : draft.type === 'query'
                  ? 'The syntax of search: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until:.'
                  : 'Usernames separated by commas or spaces, at most 100.'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || validation.state === 'invalid'}>
          {pending ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
