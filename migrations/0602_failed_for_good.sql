-- Faults: notifications that can never be delivered.
--
-- A send that failed for good (an address the relay refuses, a closed direct message, a deleted
-- channel), or failed too often, is not tried again: its row keeps its last error and records
-- when it was given up, so it is never due again and the operator can list it, send it again or
-- drop it. A row that was given up has `sent_at` NULL and `failed_at` set.
ALTER TABLE outbox ADD COLUMN failed_at TEXT;
ALTER TABLE mail_spool ADD COLUMN failed_at TEXT;
CREATE INDEX outbox_failed ON outbox (failed_at) WHERE failed_at IS NOT NULL;
CREATE INDEX mail_spool_failed ON mail_spool (failed_at) WHERE failed_at IS NOT NULL;
