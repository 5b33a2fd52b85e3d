'use client';

import { useState } from 'react';

// Nodes deeper than this start closed, and closed nodes render no children: a page of 1,000
// tweets stays a list of 1,000 one-line rows until one is opened.
const OPEN_DEPTH = 2;

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="break-all text-emerald-700 dark:text-emerald-400">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-sky-700 dark:text-sky-400">{value}</span>;
  if (typeof value === 'boolean') return <span className="text-violet-700 dark:text-violet-400">{String(value)}</span>;
  return <span className="text-slate-500">null</span>;
}

// A closed record says which one it is: a user by @username, a tweet by the start of its text.
const PREVIEW_KEYS = ['username', 'name', 'text', 'id'] as const;

function previewOf(value: Record<string, unknown>): string {
  for (const key of PREVIEW_KEYS) {
    const field = value[key];
    if (typeof field !== 'string' || field === '') continue;
    if (key === 'username') return `@${field}`;
    return field.length > 48 ? `${field.slice(0, 47)}…` : field;
  }
  return '';
}

function summaryOf(value: object): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const keys = Object.keys(value);
  const preview = previewOf(value as Record<string, unknown>);
  return `{${keys.length} ${keys.length === 1 ? 'key' : 'keys'}}${preview ? `  ${preview}` : ''}`;
}

function Label({ name }: { name: string | number | null }) {
  if (name === null) return null;
  return <span className="text-slate-600 dark:text-slate-400">{typeof name === 'number' ? `${name}: ` : `${JSON.stringify(name)}: `}</span>;
}

function Node({ name, value, depth }: { name: string | number | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  if (value === null || typeof value !== 'object') {
    return (
      <li className="pl-4">
        <Label name={name} />
        <Primitive value={value} />
      </li>
    );
  }
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  if (entries.length === 0) {
    return (
      <li className="pl-4">
        <Label name={name} />
        <span className="text-slate-500">{Array.isArray(value) ? '[]' : '{}'}</span>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex max-w-full items-baseline gap-1 rounded text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true" className="inline-block w-3 text-slate-500">
          {open ? '▾' : '▸'}
        </span>
        <span className="min-w-0 truncate">
          <Label name={name} />
          <span className="text-slate-500">{summaryOf(value)}</span>
        </span>
      </button>
      {open && (
        <ul className="ml-1.5 border-l border-slate-200 pl-1.5 dark:border-slate-800">
          {entries.map(([key, child]) => (
            <Node key={key} name={key} value={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A JSON value as a tree whose objects and arrays open and close (buttons, so keyboard works). */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul aria-label={label} className="font-mono text-xs leading-relaxed">
      <Node name={null} value={value} depth={0} />
    </ul>
  );
}
