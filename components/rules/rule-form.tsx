'use client';

import { useId, useState, type FormEvent } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import type { DashboardRule } from '@/lib/dashboard/get-realtime';
import { EMPTY_DRAFT, MAX_USERNAMES, definitionText, familyOf, ruleBody, type MonitorFamily, type RuleDraft } from './rule-definition';
import { useRuleValidation } from './use-rule-validation';

export type KeyChoice = { id: string; name: string };

type Props = {
  /** The rule or monitor to edit; without one the form creates one for the chosen key. */
  rule?: DashboardRule;
  keys: KeyChoice[];
  onSaved: (tag: string) => void;
  onCancel?: () => void;
};

function draftOf(rule: DashboardRule | undefined): RuleDraft {
  if (!rule) return EMPTY_DRAFT;
  const accounts = rule.accounts.join(', ');
  return { ...EMPTY_DRAFT, tag: rule.tag, type: rule.kind, query: rule.query ?? '', accounts, username: rule.kind === 'follows' ? accounts : '', usernames: accounts, direction: rule.direction ?? 'followers' };
}

const FAMILIES: { family: MonitorFamily; label: string; kind: RuleDraft['type'] }[] = [
  { family: 'tweets', label: 'Tweets', kind: 'query' },
  { family: 'follows', label: 'Follows', kind: 'follows' },
  { family: 'profiles', label: 'Profiles', kind: 'profile' },
];

const EMPTY_MESSAGE: Record<RuleDraft['type'], string> = {
  query: 'Write a search query.',
  accounts: 'List at least one account.',
  follows: 'Name the account whose follows to watch.',
  profile: 'List at least one account.',
};

const VALID_MESSAGE: Record<RuleDraft['type'], string> = { query: 'Valid query.', accounts: 'All accounts found.', follows: 'Account found.', profile: 'All accounts found.' };

const HINT: Record<RuleDraft['type'], string> = {
  query: 'The syntax of search: words, "phrases", -negation, OR, from:, to:, #tag, @user, lang:, since:, until:.',
  accounts: `Usernames separated by commas or spaces, at most ${MAX_USERNAMES}.`,
  follows: 'One username: follow.added and follow.removed events, each with both accounts.',
  profile: `Usernames separated by commas or spaces, at most ${MAX_USERNAMES}: changes of name, bio, location, website, images, verification, protection and pinned tweet, and when an account goes or comes back.`,
};

/**
 * Creates or edits a monitor: its tag, its family (tweets by a query or of some accounts, one
 * account's follows, some accounts' profiles) checked as you type, and the key it belongs to.
 */
export function RuleForm({ rule, keys, onSaved, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [keyId, setKeyId] = useState(rule?.keyId ?? keys[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const definition = definitionText(draft);
  const validation = useRuleValidation(draft);
  const set = (change: Partial<RuleDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  const family = familyOf(draft.type);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.tag.trim() === '') return setError('Give the monitor a tag: it is sent with every event.');
    if (definition.trim() === '') return setError(EMPTY_MESSAGE[draft.type]);
    if (!keyId) return setError('Choose the key the monitor belongs to.');
    setPending(true);
    const answer = await callV2('POST', rule ? `rules/${rule.id}` : 'rules', { body: ruleBody(draft), keyId });
    setPending(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    if (!rule) setDraft((previous) => ({ ...EMPTY_DRAFT, type: previous.type, direction: previous.direction }));
    onSaved(draft.tag.trim());
  }

  const fieldId = `${id}-definition`;
  const statusId = `${id}-definition-status`;
  const textField = draft.type === 'query' || draft.type === 'accounts' || draft.type === 'profile';
  const fieldLabel = { query: 'Search query', accounts: 'Accounts', follows: 'Username', profile: 'Usernames' }[draft.type];
  const onDefinition = (value: string) => set({ query: { query: value }, accounts: { accounts: value }, follows: { username: value }, profile: { usernames: value } }[draft.type]);
  return (
    <form noValidate onSubmit={submit} aria-label={rule ? `Edit monitor ${rule.tag}` : 'Create a monitor'} className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Tag" value={draft.tag} onChange={(event) => set({ tag: event.target.value })} maxLength={100} placeholder="e.g. brand mentions" hint="Sent with every event." />
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
              Its GET /v2/stream and GET /v2/events get the events; your endpoints get them too.
            </p>
          </div>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Monitor</legend>
        <div className="flex flex-wrap gap-4">
          {FAMILIES.map((choice) => (
            <label key={choice.family} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-family`} checked={family === choice.family} onChange={() => set({ type: choice.kind })} className="size-4 accent-brand-600" />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {family === 'tweets' && (
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
      )}
      <div className={family === 'follows' ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col'}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            {fieldLabel}
          </label>
          {textField ? (
            <textarea
              id={fieldId}
              rows={2}
              spellCheck={false}
              maxLength={draft.type === 'query' ? 512 : undefined}
              value={definition}
              onChange={(event) => onDefinition(event.target.value)}
              placeholder={draft.type === 'query' ? 'e.g. perch OR #selfhosted -from:spambot lang:en' : 'e.g. @alice, bob'}
              aria-invalid={validation.state === 'invalid' ? true : undefined}
              aria-describedby={statusId}
              className={`${INPUT_CLASSES} font-mono`}
            />
          ) : (
            <input
              id={fieldId}
              spellCheck={false}
              autoComplete="off"
              value={definition}
              onChange={(event) => onDefinition(event.target.value)}
              placeholder="e.g. @brand"
              aria-invalid={validation.state === 'invalid' ? true : undefined}
              aria-describedby={statusId}
              className={`${INPUT_CLASSES} font-mono`}
            />
          )}
        </div>
        {family === 'follows' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-direction`} className="text-sm font-medium">
              Direction
            </label>
            <select id={`${id}-direction`} value={draft.direction} onChange={(event) => set({ direction: event.target.value as RuleDraft['direction'] })} className={INPUT_CLASSES}>
              <option value="followers">Its followers: who follows or unfollows it</option>
              <option value="following">Its following: whom it follows or unfollows</option>
              <option value="both">Both</option>
            </select>
          </div>
        )}
      </div>
      <p id={statusId} aria-live="polite" className={`-mt-2 text-sm ${validation.state === 'invalid' ? 'text-red-700 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}>
        {validation.state === 'invalid' ? validation.message : validation.state === 'valid' ? VALID_MESSAGE[draft.type] : validation.state === 'checking' ? 'Checking…' : HINT[draft.type]}
      </p>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || validation.state === 'invalid'}>
          {pending ? 'Saving…' : rule ? 'Save monitor' : 'Create monitor'}
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
