-- Deliveries keep the whole reply given, about a kilobyte: a WITHOUT ROWID table stores such rows
-- in the primary key's b-tree, a few to a page and in random order of their ids, so nearly every
-- insert split and rewrote pages. As a rowid table the rows are appended in handling order and only
-- the small index on the id is ordered by it.
CREATE TABLE deliveries_new (
    id          TEXT NOT NULL UNIQUE,
    sender      TEXT NOT NULL,
    reply       TEXT NOT NULL,
    handled_at  TEXT NOT NULL
);
INSERT INTO deliveries_new (id, sender, reply, handled_at)
    SELECT id, sender, reply, handled_at FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
