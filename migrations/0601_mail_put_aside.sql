-- Mail whose handling kept failing is put aside instead of being retried for ever: its retry row
-- stays (with the last error, for the operator) and is marked with the time it was put aside, so
-- it is never due again.
ALTER TABLE mail_retries ADD COLUMN put_aside_at TEXT;
