-- The operator: identities blocked by `agora admin block`, and an index for the purge of wrong
-- link codes.
--
-- A blocked identity's commands are ignored and nothing is sent to it. Its text form is the one
-- of `identities.address` (`discord:<id>`, `mailto:<address>`); an identity Agora has never seen
-- can be blocked too, before it writes.
CREATE TABLE blocked_identities (
    identity   TEXT PRIMARY KEY,
    blocked_at TEXT NOT NULL
) WITHOUT ROWID;
-- Wrong link codes count for a day only; the purge removes the old ones by their time, without
-- reading the rows it keeps.
CREATE INDEX link_guesses_at ON link_guesses (at);
