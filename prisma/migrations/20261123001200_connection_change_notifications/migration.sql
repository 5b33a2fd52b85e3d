-- Reads fill each record with a `viewer` field from the caller connected platform account,
-- which every instance caches per Perch account (lib/connections/viewer-cache.ts). Every
-- change to a connection is announced on the channel perch_platform_connections (payload: the
-- Perch account id) in the same transaction, so it reaches every listening instance at commit,
-- whoever wrote it: the dashboard connect flow, a token refresh, the admin CLI, an operator.
CREATE FUNCTION notify_platform_connection_change() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''perch_platform_connections'', CASE WHEN TG_OP = ''DELETE'' THEN OLD.user_id ELSE NEW.user_id END)\073 RETURN NULL\073 END';

CREATE TRIGGER platform_connections_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON platform_connections
  FOR EACH ROW EXECUTE FUNCTION notify_platform_connection_change();
