'use client';

import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';

const ON_DARK =
  'inline-flex items-center rounded-md border border-slate-600 bg-slate-800 px-2.5 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Copies text to the clipboard and says so for a moment (announced to screen readers); `onDark` for code panels. */
export function CopyButton({ text, label = 'Copy', onDark = false }: { text: string; label?: string; onDark?: boolean }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'), // no clipboard permission (plain http on a remote host): the text stays selectable
    );
  };
  return (
    <button type="button" onClick={copy} className={onDark ? ON_DARK : buttonClasses('secondary', 'px-2.5 py-1 text-xs')}>
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}</span>
    </button>
  );
}
