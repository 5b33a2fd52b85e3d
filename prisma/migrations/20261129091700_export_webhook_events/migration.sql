-- Exports (issue 29) end with a signed webhook event to each active endpoint of the workspace:
-- export.completed or export.failed, free, data {export: ExportJob} (lib/exports/export-events.ts).
-- The deliveries table's CHECK listed only the earlier events, so queueing one failed the very
-- transaction that ends the export whenever the workspace had an endpoint.
ALTER TABLE realtime_deliveries DROP CONSTRAINT realtime_deliveries_event_check;
ALTER TABLE realtime_deliveries ADD CONSTRAINT realtime_deliveries_event_check CHECK (event IN ('rule.match', 'test', 'account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'));
