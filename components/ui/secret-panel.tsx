'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';

type SecretPanelProps = {
  heading: string;
  secret: string;
  /** The accessible name of the secret's text, e.g. "New API key". */
  secretLabel: string;
  copyLabel: string;
  /** What the secret is, in the copy messages: "key", "secret". */
  noun: string;
  note?: string;
  onDismiss: () => void;
};

/** A secret shown this once (a key, a webhook signing secret), with a copy button; dismissing it forgets it. */
export function SecretPanel({ heading, secret, secretLabel, copyLabel, noun, note, onDismiss }: SecretPanelProps) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      // Clipboard access needs a secure context (https or localhost); selecting the text is the fallback.
      setCopied('failed');
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5 dark:border-amber-700 dark:bg-amber-950/40">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        {heading}
      </h2>
      <p role="alert" className="mt-1 text-sm text-amber-900 dark:text-amber-200">
        Copy it now and keep it somewhere safe: it will not be shown again.
      </p>
      {note && <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{note}</p>}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label={secretLabel} className="min-w-0 flex-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-sm dark:bg-slate-900">
          {secret}
        </code>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            {copied === 'copied' ? 'Copied' : copyLabel}
          </Button>
          <Button variant="ghost" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-xs text-amber-900 dark:text-amber-200">
        {copied === 'copied' ? `The ${noun} is on your clipboard.` : copied === 'failed' ? `Copying is blocked here: select the ${noun} and copy it by hand.` : ''}
      </p>
    </section>
  );
}
