import type { KeyStatus } from '@/lib/dashboard/list-keys';

const STATUS_CLASSES: Record<KeyStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  limit_reached: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  revoked: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  expired: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

const STATUS_LABELS: Record<KeyStatus, string> = { active: 'active', limit_reached: 'limit reached', revoked: 'revoked', expired: 'expired' };

export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  return <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>{STATUS_LABELS[status]}</span>;
}
