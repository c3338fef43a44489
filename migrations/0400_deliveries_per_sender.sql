-- A delivery id belongs to its sender: the same id from two senders is two deliveries. A mail's
-- Message-ID is chosen by whoever sends it, so with ids in one namespace a stranger could send a
-- Message-ID equal to an id the scheduler or the computer will use (`clock:…`, `computer:…`) and
-- have that command taken for a repeat, or be given another sender's stored reply.
CREATE TABLE deliveries_new (
    id          TEXT NOT NULL,
    sender      TEXT NOT NULL,
    reply       TEXT NOT NULL,
    handled_at  TEXT NOT NULL,
    UNIQUE (sender, id)
);
INSERT INTO deliveries_new (id, sender, reply, handled_at)
    SELECT id, sender, reply, handled_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
