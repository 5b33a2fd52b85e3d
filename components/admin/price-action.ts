'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { ChangeResult } from '@/lib/admin/change-prices';

/** A server action of /admin/prices (app/admin/prices/actions.ts): the form's fields in, a sentence or field errors out. */
export type PriceAction = (form: FormData) => Promise<ChangeResult>;

/**
 * The state of a price form: submits it to its server action, shows the field errors beside
 * their inputs (and those of no single input, `form`, above them), or the sentence saying what
 * changed, then reloads the page's tables.
 */
export function usePriceAction(action: PriceAction) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function send(form: FormData, element?: HTMLFormElement): Promise<void> {
    setPending(true);
    setErrors({});
    setDone(null);
    let result: ChangeResult;
    try {
      result = await action(form);
    } catch {
      result = { ok: false, errors: { form: 'The change could not be saved (the server did not answer): nothing changed, try again.' } };
    }
    setPending(false);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    element?.reset();
    setDone(result.message);
    router.refresh();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(new FormData(event.currentTarget), event.currentTarget);
  }

  return { errors, done, pending, submit, send };
}
