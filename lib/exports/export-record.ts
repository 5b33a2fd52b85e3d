import type { PlatformName } from '@/lib/platform/platform';
import type { ExportableOperationId } from './exportable-operation-ids';
import type { ExportRow } from './export-store';

/** How long a finished export's file and record are kept (PERCH_EXPORT_RETENTION_DAYS, 7 by default). */
export function exportRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.PERCH_EXPORT_RETENTION_DAYS ?? 7);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`PERCH_EXPORT_RETENTION_DAYS must be a positive number of days, got ${env.PERCH_EXPORT_RETENTION_DAYS}`);
  return days;
}

/** An export as the API answers it (the ExportJob schema of the OpenAPI document). */
export type ExportRecord = ReturnType<typeof exportRecord>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const count = (value: string | null) => (value === null ? null : Number(value));

/** The API's view of an export row: counts as numbers, inputs as one `params` object, the error as {code, message}. */
export function exportRecord(row: ExportRow) {
  const expires = row.finished_at ? new Date(row.finished_at.getTime() + exportRetentionDays() * 86_400_000) : null;
  return {
    id: row.id,
    status: row.status,
    // Stored only after the operation and platform were checked (exports table, createExport).
    operation: row.operation as ExportableOperationId,
    platform: row.platform as PlatformName,
    params: { ...row.params.path, ...row.params.values },
    format: row.format,
    items: Number(row.items),
    credits_charged: Number(row.credits_charged),
    estimate: row.estimate_items === null ? null : { items: Number(row.estimate_items), credits: Number(row.estimate_credits) },
    max_items: count(row.max_items),
    max_credits: count(row.max_credits),
    unit_price: Number(row.unit_price),
    paused_reason: row.paused_reason,
    resume_at: iso(row.resume_at),
    stop_reason: row.stop_reason,
    size_bytes: Number(row.file_bytes),
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    expires_at: iso(expires),
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
  };
}
