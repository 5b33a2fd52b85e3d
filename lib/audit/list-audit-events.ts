import { getPool } from '@/lib/db/pool';
import type { AuditActor } from './record-audit';

/** One line of a workspace's audit log, as the page, its JSON route and the CSV show it. */
export type AuditEvent = {
  id: string;
  /** ISO time, UTC, to the millisecond (as stored). */
  at: string;
  actorKind: AuditActor['kind'];
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
};

export type AuditFilters = {
  /** An exact action (`rule.created`) or every action of a thing (`rule.`). */
  action?: string;
  /** Part of the actor's label (an email, a key's name or prefix), or an actor's exact id. */
  actor?: string;
  targetKind?: string;
  /** Inclusive lower bound on the event's time. */
  from?: Date;
  /** Exclusive upper bound on the event's time. */
  to?: Date;
  /** Free text over the actor's and the target's labels and the target's id. */
  text?: string;
  /** The keyset position: events strictly older than this one. */
  before?: AuditCursor;
  limit?: number;
};

export type AuditCursor = { at: string; id: string };
export type AuditPage = { events: AuditEvent[]; next: string | null };

/** Thrown for a filter the log cannot take; routes answer it as a 400 with its message. */
export class AuditFilterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuditFilterError';
  }
}

export const DEFAULT_AUDIT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const EXACT_ACTION = /^[a-z_]+\.[a-z_]+$/;
const ACTION_PREFIX = /^[a-z_]+\.$/;

/**
 * The filters from a query string (`action`, `actor`, `target`, `from`, `to`, `q`, `cursor`,
 * `limit`); empty values are no filter. Dates are `YYYY-MM-DD` (UTC; `to` includes its whole
 * day) or ISO timestamps.
 */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const filters: AuditFilters = { actor: value('actor'), targetKind: value('target'), text: value('q') };
  const action = value('action');
  if (action !== undefined) {
    if (!EXACT_ACTION.test(action) && !ACTION_PREFIX.test(action)) {
      throw new AuditFilterError('action', 'action must be an action such as rule.created, or a kind of action such as rule.');
    }
    filters.action = action;
  }
  const from = value('from');
  if (from) filters.from = parseTime('from', from, false);
  const to = value('to');
  if (to) filters.to = parseTime('to', to, true);
  if (filters.from && filters.to && filters.from >= filters.to) throw new AuditFilterError('to', '"to" must be after "from"');
  const cursor = value('cursor');
  if (cursor) filters.before = decodeAuditCursor(cursor);
  const limit = value('limit');
  if (limit !== undefined) {
    const n = Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw new AuditFilterError('limit', `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    filters.limit = n;
  }
  return filters;
}

function parseTime(field: string, raw: string, endOfDay: boolean): Date {
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const at = new Date(dayOnly ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(at.getTime())) throw new AuditFilterError(field, `${field} must be a date (YYYY-MM-DD) or an ISO timestamp`);
  // A day given as the upper bound includes that whole day.
  if (dayOnly && endOfDay) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

// The cursor names the last line shown, by time (milliseconds, as stored) and id: the order of
// the query, so pages neither skip nor repeat lines written meanwhile.
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeAuditCursor(raw: string): AuditCursor {
  const [at, id, extra] = Buffer.from(raw, 'base64url').toString().split('|');
  if (extra !== undefined || !at || !id || !/^\d{1,19}$/.test(id) || Number.isNaN(new Date(at).getTime())) {
    throw new AuditFilterError('cursor', 'cursor is not one this page gave out');
  }
  return { at, id };
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Row = {
  id: string;
  at: Date;
  actor_kind: AuditActor['kind'];
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
};

function toEvent(r: Row): AuditEvent {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorKind: r.actor_kind,
    actorId: r.actor_id,
    actorLabel: r.actor_label,
    action: r.action,
    targetKind: r.target_kind,
    targetId: r.target_id,
    targetLabel: r.target_label,
    ip: r.ip,
    before: r.before,
    after: r.after,
  };
}

/** A page of a workspace's audit log, newest first, with the cursor of the next page (null at the end). */
export async function listAuditEvents(workspaceId: string, filters: AuditFilters = {}): Promise<AuditPage> {
  const where = ['workspace_id = $1'];
  const values: unknown[] = [workspaceId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (filters.action?.endsWith('.')) where.push(`starts_with(action, ${bind(filters.action)})`);
  else if (filters.action) where.push(`action = ${bind(filters.action)}`);
  if (filters.actor) {
    where.push(`(actor_id = ${bind(filters.actor)} OR actor_label ILIKE ${bind(containing(filters.actor))})`);
  }
  if (filters.targetKind) where.push(`target_kind = ${bind(filters.targetKind)}`);
  if (filters.from) where.push(`at >= ${bind(filters.from)}`);
  if (filters.to) where.push(`at < ${bind(filters.to)}`);
  if (filters.text) {
    const pattern = bind(containing(filters.text));
    where.push(`(actor_label ILIKE ${pattern} OR target_label ILIKE ${pattern} OR target_id ILIKE ${pattern})`);
  }
  if (filters.before) where.push(`(at, id) < (${bind(filters.before.at)}::timestamptz, ${bind(filters.before.id)}::bigint)`);
  const limit = filters.limit ?? DEFAULT_AUDIT_PAGE_SIZE;
  const { rows } = await getPool().query<Row>(
    `SELECT id::text, at, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, before, after
       FROM audit_events WHERE ${where.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ${bind(limit + 1)}`,
    values,
  );
  const shown = rows.slice(0, limit).map(toEvent);
  const last = shown.at(-1);
  return { events: shown, next: rows.length > limit && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null };
}
