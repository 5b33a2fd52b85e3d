import type { UserSummary } from '@perch/client';

const STYLES: Record<Exclude<UserSummary['verified_type'], 'none'>, { color: string; label: string }> = {
  blue: { color: 'text-brand-500', label: 'Verified (blue)' },
  business: { color: 'text-amber-500', label: 'Verified business' },
  government: { color: 'text-slate-500', label: 'Verified government account' },
};

/** The check mark of a verified account, with its kind for screen readers and on hover. */
export function VerifiedBadge({ user }: { user: Pick<UserSummary, 'verified_type' | 'is_blue_verified'> }) {
  const type = user.verified_type !== 'none' ? user.verified_type : user.is_blue_verified ? 'blue' : null;
  if (!type) return null;
  const { color, label } = STYLES[type];
  return (
    <svg viewBox="0 0 24 24" role="img" aria-label={label} className={`inline h-4 w-4 shrink-0 ${color}`} fill="currentColor">
      <title>{label}</title>
      <path d="M22.25 12c0-1.43-.88-2.67-2.19-3.34.46-1.39.2-2.9-.81-3.91s-2.52-1.27-3.91-.81c-.66-1.31-1.91-2.19-3.34-2.19s-2.67.88-3.33 2.19c-1.4-.46-2.91-.2-3.92.81s-1.26 2.52-.8 3.91C2.63 9.33 1.75 10.57 1.75 12s.88 2.67 2.2 3.34c-.46 1.39-.21 2.9.8 3.91s2.52 1.26 3.91.81c.67 1.31 1.91 2.19 3.34 2.19s2.68-.88 3.34-2.19c1.39.45 2.9.2 3.91-.81s1.27-2.52.81-3.91c1.31-.67 2.19-1.91 2.19-3.34zm-11.71 4.2L6.8 12.46l1.41-1.42 2.26 2.26 4.8-5.23 1.47 1.36-6.2 6.77z" />
    </svg>
  );
}
