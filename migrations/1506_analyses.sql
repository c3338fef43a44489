-- Post-game analysis: a finished game waits here for the computer's look at every position. A
-- process claims one (`claimed_by` until `claimed_until`, as with a lease: a process that dies
-- loses its claim), evaluates it and keeps the result as JSON (the first seat's winning chance
-- after each ply, the computer's choice in each position and the largest mistakes).
CREATE TABLE analyses (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    queued_at     TEXT NOT NULL,
    claimed_by    TEXT,
    claimed_until TEXT,
    done_at       TEXT,
    result        TEXT
);
CREATE INDEX analyses_waiting ON analyses (queued_at) WHERE done_at IS NULL;
