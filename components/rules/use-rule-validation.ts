'use client';

import { useEffect, useState } from 'react';
import { callV2 } from '@/components/dashboard/call-v2';
import { definitionText, ruleBody, type RuleDraft } from './rule-definition';

export type Validation = { state: 'idle' | 'checking' | 'valid' } | { state: 'invalid'; message: string };

const DEBOUNCE_MS = 350;

/**
 * Checks the draft's query, accounts, follows account or profile usernames as the user types,
 * with POST /v2/rules/validate (free, nothing saved): the same checks and message createRule would
 * give. Debounced; an answer to an older draft is dropped when a newer one is on its way.
 */
export function useRuleValidation(draft: RuleDraft): Validation {
  const [validation, setValidation] = useState<Validation>({ state: 'idle' });
  const definition = definitionText(draft);
  const { type, direction } = draft;
  useEffect(() => {
    if (definition.trim() === '') {
      setValidation({ state: 'idle' });
      return;
    }
    let current = true;
    setValidation({ state: 'checking' });
    const timer = setTimeout(async () => {
      // The tag is checked on submit; a placeholder keeps its errors out of the definition's message.
      const body = ruleBody({ tag: 'draft', type, direction, query: definition, accounts: definition, username: definition, usernames: definition });
      const answer = await callV2<{ valid: true }>('POST', 'rules/validate', { body });
      if (!current) return;
      setValidation(answer.ok ? { state: 'valid' } : { state: 'invalid', message: answer.message });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [type, direction, definition]);
  return validation;
}
