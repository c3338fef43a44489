-- Work that one process at a time may do when several share the database (reading the mailbox):
-- who holds it and until when. A holder renews its lease while it works; once the lease has run
-- out (its holder died or hangs), another process takes it over.
CREATE TABLE leases (
    name        TEXT PRIMARY KEY,
    -- The holding process's own name for itself (host, process id and a random part).
    holder      TEXT NOT NULL,
    acquired_at TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) WITHOUT ROWID;
