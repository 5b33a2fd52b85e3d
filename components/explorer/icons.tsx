// Small stroke icons: emoji glyphs depend on the fonts a system has, these do not.

const PATHS = {
  reply: 'M4 5h16v11H9l-5 4V5z',
  retweet: 'M4 10V8a2 2 0 0 1 2-2h11m0 0-3-3m3 3-3 3M20 14v2a2 2 0 0 1-2 2H7m0 0 3 3m-3-3 3-3',
  quote: 'M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6',
  like: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  views: 'M5 19v-7M12 19V5M19 19v-10',
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative 16 px icon in the current text color. */
export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`h-4 w-4 shrink-0 ${className}`} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={PATHS[name]} />
    </svg>
  );
}
