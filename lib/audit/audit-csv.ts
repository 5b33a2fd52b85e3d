import { csvLine, keysetCsvStream } from '@/lib/dashboard/csv';
import { decodeAuditCursor, listAuditEvents, type AuditEvent, type AuditFilters } from './list-audit-events';

const HEADER = ['time', 'actor_kind', 'actor', 'action', 'target_kind', 'target_id', 'target_label', 'ip', 'before', 'after'];
const PAGE = 200;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One event as a CSV line; before and after as JSON text. */
export function auditCsvLine(e: AuditEvent): string {
  return csvLine([e.at, e.actorKind, e.actorLabel, e.action, e.targetKind, e.targetId, e.targetLabel, e.ip, json(e.before), json(e.after)]);
}

/**
 * The workspace's audit log under `filters` as a CSV stream, newest first as the page lists it:
 * every matching line (not only the page shown), read in keyset pages as the client takes them.
 */
export function auditCsv(workspaceId: string, filters: AuditFilters): ReadableStream<Uint8Array> {
  return keysetCsvStream(HEADER, filters.before, async (before) => {
    const page = await listAuditEvents(workspaceId, { ...filters, before, limit: PAGE });
    return { lines: page.events.map(auditCsvLine).join(''), next: page.next ? decodeAuditCursor(page.next) : null };
  });
}
