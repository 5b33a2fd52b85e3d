'use client';

import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import type { MutationAnswer } from './fetch-json';

/**
 * A dashboard form that sends its fields as JSON (sendJson): busy while it waits, the answer's
 * field errors under their fields (or its message above the form), and its data to
 * `onSuccess`. `keepPending` leaves the button busy after a success that navigates away.
 */
export function useJsonForm<T>(
  send: (form: FormData) => Promise<MutationAnswer<T>>,
  onSuccess: (data: T, form: HTMLFormElement) => void | Promise<void>,
  { keepPending = false } = {},
): { errors: FieldErrors; pending: boolean; submit: (event: FormEvent<HTMLFormElement>) => Promise<void> } {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    setPending(true);
    setErrors({});
    const answer = await send(new FormData(element));
    if (!answer.ok || !keepPending) setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    await onSuccess(answer.data, element);
  }

  return { errors, pending, submit };
}
