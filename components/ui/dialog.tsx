'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = { open: boolean; onClose: () => void; title: string; description?: ReactNode; children: ReactNode };

/**
 * A modal on the native <dialog>: the browser traps focus, closes it on Escape and returns
 * focus to the opener. Content mounts only while open, so forms start fresh each time.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
        </>
      )}
    </dialog>
  );
}
