'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Recovery codes shown once, with buttons to copy them all and to download them as a text file. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<string>('');
  const text = `Perch recovery codes (each signs in once; keep them safe)\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('Copied the codes to the clipboard.');
    } catch {
      setCopied('The browser did not allow copying: select the codes and copy them, or download them.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'perch-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Recovery codes" className="grid max-w-sm grid-cols-2 gap-1 rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={download}>
          Download as a text file
        </Button>
      </div>
      <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {copied}
      </p>
    </div>
  );
}
