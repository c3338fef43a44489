-- Faults of the mail front end.
--
-- Mail whose handling kept failing is put aside instead of being retried for ever: its retry row
-- stays (with the last error, for the operator) and is marked with the time it was put aside, so
-- it is never due again.
ALTER TABLE mail_retries ADD COLUMN put_aside_at TEXT;

-- The moment up to which a mailbox has been read completely: every mail that reached it before
-- then was handled, is being retried, or was put aside. A move counts when its mail arrived, so a
-- sweep that times out a mail player's game may wait until the mailbox is read past the deadline.
ALTER TABLE mail_mailboxes ADD COLUMN read_through TEXT;
