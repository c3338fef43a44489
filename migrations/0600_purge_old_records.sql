-- Old records are purged after `[service] keep_days`: sent notifications, sent mails of the spool
-- (with their pictures) and handled deliveries. Each purge takes the oldest rows first, a batch at
-- a time, by the time that made them old; these indexes let it find them without reading the
-- rows it keeps, and cover only rows a purge may remove (unsent rows are never purged).
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX mail_spool_sent ON mail_spool (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX deliveries_handled ON deliveries (handled_at);
