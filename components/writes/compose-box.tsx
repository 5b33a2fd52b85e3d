'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { INPUT_CLASSES, TextField } from '@/components/ui/text-field';
import { useRecordChargeIfMetered } from '@/components/explorer/credit-meter';
import { tweetLength } from '@/lib/platform/entities';
import { callWrite, newIdempotencyKey } from './call-write';
import { WriteError } from './write-error';
import { useWriteCost, writeCostLabel } from './write-cost';

export type ComposeMode = 'tweet' | 'reply' | 'quote';

/** The fields of a posted tweet the compose box and its callers use. */
export type PostedTweet = { id: string; text: string; url: string; author: { username: string } };

type Props = {
  /** The mode it starts in. */
  mode?: ComposeMode;
  /** The tweet a reply or quote is about; with `fixedMode` it cannot be changed (a tweet card's Reply). */
  targetTweetId?: string;
  fixedMode?: boolean;
  /** The connected @handle, to say who will post. */
  handle?: string | null;
  onPosted?: (tweet: PostedTweet) => void;
};

const MAX_LENGTH = 280;

const OPERATIONS: Record<ComposeMode, { id: string; path: string; field?: 'tweet_id' | 'quoted_tweet_id'; button: string; target: string }> = {
  tweet: { id: 'createTweet', path: 'tweets/create', button: 'Post tweet', target: '' },
  reply: { id: 'replyToTweet', path: 'tweets/reply', field: 'tweet_id', button: 'Reply', target: 'Tweet to reply to' },
  quote: { id: 'quoteTweet', path: 'tweets/quote', field: 'quoted_tweet_id', button: 'Quote', target: 'Tweet to quote' },
};

/**
 * Posts a tweet, a reply or a quote (operations 29–31) as the connected account through
 * /api/dashboard/v2, at the workspace's price of a write each. One Idempotency-Key per submission: pressing again
 * after a lost answer cannot post twice; editing the text starts a new submission.
 */
export function ComposeBox({ mode: initialMode = 'tweet', targetTweetId = '', fixedMode = false, handle, onPosted }: Props) {
  const [mode, setMode] = useState<ComposeMode>(initialMode);
  const [target, setTarget] = useState(targetTweetId);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [posted, setPosted] = useState<PostedTweet | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  // In the explorer, a post from a tweet card counts in "Spent here".
  const recordCharge = useRecordChargeIfMetered();
  const id = useId();
  const operation = OPERATIONS[mode];
  const WRITE_COST_LABEL = writeCostLabel(useWriteCost(operation.id));
  const length = tweetLength(text);

  function edited() {
    idempotencyKey.current = null;
    setError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    idempotencyKey.current ??= newIdempotencyKey();
    setPending(true);
    setError(null);
    setPosted(null);
    const body = operation.field ? { [operation.field]: target.trim(), text } : { text };
    const outcome = await callWrite<PostedTweet>('POST', operation.path, { body, idempotencyKey: idempotencyKey.current });
    setPending(false);
    if (!outcome.ok) {
      setError(outcome);
      return;
    }
    recordCharge({ operationId: operation.id, credits: outcome.charged, items: 1 });
    idempotencyKey.current = null;
    setText('');
    setPosted(outcome.data);
    onPosted?.(outcome.data);
  }

  const label = fixedMode ? `${operation.button} to tweet ${targetTweetId}` : 'Compose';
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={label} className="flex flex-col gap-3">
      {!fixedMode && (
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="sr-only">What to post</legend>
          {(Object.keys(OPERATIONS) as ComposeMode[]).map((option) => (
            <label key={option} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => {
                  setMode(option);
                  edited();
                }}
                className="accent-brand-600"
              />
              {option === 'tweet' ? 'Tweet' : option === 'reply' ? 'Reply' : 'Quote'}
            </label>
          ))}
        </fieldset>
      )}
      {operation.field && !fixedMode && (
        <TextField
          label={operation.target}
          hint="A tweet id or a tweet URL (…/status/123…)."
          value={target}
          onChange={(event) => {
            setTarget(event.target.value);
            edited();
          }}
          required
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {handle ? `Text, posted as @${handle}` : fixedMode ? `${operation.button} text` : 'Text'}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            edited();
          }}
          aria-describedby={`${id}-count`}
          aria-invalid={length > MAX_LENGTH ? true : undefined}
          className={`${INPUT_CLASSES} resize-y`}
        />
        <p id={`${id}-count`} className={`text-right text-xs tabular-nums ${length > MAX_LENGTH ? 'text-red-700 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}>
          {length} / {MAX_LENGTH} characters
        </p>
      </div>
      {error && <WriteError code={error.code} message={error.message} />}
      {posted && <FormAlert tone="success" message={`Posted as @${posted.author.username} (tweet ${posted.id}): “${posted.text}”`} />}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <span className="text-xs text-slate-500 dark:text-slate-400">Each post is a write: {WRITE_COST_LABEL}.</span>
        <Button type="submit" disabled={pending || text.trim() === '' || length > MAX_LENGTH || (operation.field !== undefined && target.trim() === '')}>
          {pending ? 'Posting…' : `${operation.button} · ${WRITE_COST_LABEL}`}
        </Button>
      </div>
    </form>
  );
}
